/// The start of a URL, as a broken route's source is compared with it: the scheme, the website
/// of a web URL, and the first segment of the link (the host of a custom-scheme URL, the first
/// path segment of a web URL), decoded.
struct URLStart {
  var scheme: String
  var website: String?
  var link: String?

  init(_ bytes: borrowing BorrowedBytes, _ layout: URLLayout) {
    scheme = asciiLowercased(bytes, layout.scheme)
    website = layout.isWeb ? layout.host.map { asciiLowercased(bytes, $0) } : nil
    link =
      layout.linkCount > 0
      ? decodedText(bytes, layout.linkRange(0), plusIsSpace: false) : nil
  }
}
