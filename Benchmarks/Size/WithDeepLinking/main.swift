// What DeepLinking adds to an app: a six-case link enum decoded and printed, and six patterns
// routed. `size.sh` compares this executable's machine code with `WithFoundation`'s.
import DeepLinking
import Foundation

enum AppLink: DeepLinkCodable, Hashable {
  enum Tab: String, Codable, Sendable { case posts, likes }

  case home
  case user(id: Int, tab: Tab?)
  case search(query: String, page: Int?)
  case product(id: UUID)
  case article(slug: String, at: Date?)
  case settings

  static let scheme = "myapp"
  static let universalLinkHosts: Set<String> = ["example.com"]
  static let routes: [String: URLPattern] = [
    "home": "", "user": "user/<int:id>", "search": "search/<query>",
    "product": "product/<uuid:id>", "article": "articles/<slug>", "settings": "settings",
  ]
}

let urls = CommandLine.arguments.dropFirst()
for string in urls {
  if let link = AppLink(string: string) { print(link, (try? link.urlString) ?? "") }
}
var router = DeepLinkRouter<String>()
router.register("myapp://user/<int:id>") { match, _ in match.pathParams["id"] }
router.register("myapp://search/<query>") { match, _ in match.pathParams["query"] }
router.register("myapp://product/<uuid:id>") { match, _ in match.pathParams["id"] }
router.register("https://example.com/articles/<path:rest>") { match, _ in match.pathParams["rest"] }
router.register("myapp://settings") { _, _ in "settings" }
router.register("myapp://") { _, _ in "home" }
for string in urls {
  print(router.route(string) ?? "no route")
}
