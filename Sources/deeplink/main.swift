import DeepLinkCommandLine

DeepLinkCommand.main(links: ExampleLink.self)
