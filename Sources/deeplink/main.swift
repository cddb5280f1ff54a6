import DeepLinkCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let result = DeepLinkCommand.run(Array(CommandLine.arguments.dropFirst()))
print(result.output, terminator: "")
exit(result.status)
