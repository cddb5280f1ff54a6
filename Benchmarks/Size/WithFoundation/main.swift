// The same program as `WithDeepLinking`, reading and printing the URLs with Foundation alone:
// what an app ships without DeepLinking.
import Foundation

let urls = CommandLine.arguments.dropFirst()
for string in urls {
  if let components = URLComponents(string: string) {
    print(components.host ?? "", components.path, components.queryItems ?? [])
    print(components.string ?? "")
  }
}
for string in urls {
  print(URL(string: string)?.pathComponents ?? [])
}
