@_spi(DeepLinkingTools) import DeepLinking
import Foundation

extension DeepLinkCommand {
  /// The key of the Associated Domains entitlement.
  static let associatedDomainsKey = "com.apple.developer.associated-domains"

  /// One `applinks:` entry of the Associated Domains entitlement.
  struct AppLinksEntry {
    /// The host, lowercased: `example.com` or `*.example.com`.
    var host: String
    /// `developer`, `managed`, both (`developer+managed`), or empty.
    var modes: Set<String>
    /// The entry as the file writes it.
    var text: String

    /// The entry of `text`, or `nil` for another service (`webcredentials:`).
    init?(_ text: String) {
      guard text.lowercased().hasPrefix("applinks:") else { return nil }
      let rest = text.dropFirst("applinks:".count)
      let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
      // A port (`example.com:8080`) is part of the entry, not of the host the links name.
      host = parts[0].split(separator: ":").first.map { $0.lowercased() } ?? ""
      let mode = parts.count > 1 && parts[1].hasPrefix("mode=") ? parts[1].dropFirst(5) : ""
      modes = Set(mode.split(separator: "+").map(String.init))
      self.text = text
    }
  }

  /// `--entitlements FILE`: the `applinks:` entries of the Associated Domains entitlement
  /// against the link type's universal-link hosts, both ways.
  static func checkEntitlements<Link: DeepLinkCodable>(_ path: String, of type: Link.Type)
    -> DoctorSection
  {
    var section = DoctorSection(kind: "entitlements", path: path)
    guard let plist = section.read(propertyList(path)) else { return section }
    let hosts = linkHosts(of: type)
    guard let value = plist[associatedDomainsKey] else {
      for host in hosts {
        section.mismatch(
          "there is no \(associatedDomainsKey): links to \(host) open Safari, not the app",
          fix: "add \(associatedDomainsKey) with applinks:\(host)")
      }
      if hosts.isEmpty { section.ok.append("no universal-link hosts, no \(associatedDomainsKey)") }
      return section
    }
    guard let domains = value as? [String] else {
      section.unreadable = "\(associatedDomainsKey) is not an array of strings"
      return section
    }
    var entries = domains.compactMap(AppLinksEntry.init)
    for entry in entries where entry.host.isEmpty {
      section.mismatch(
        "\(entry.text) names no host", fix: "write applinks:<host>, such as applinks:example.com")
    }
    entries.removeAll { $0.host.isEmpty }
    for host in hosts { checkEntitlement(for: host, in: entries, into: &section) }
    for entry in entries where !hosts.contains(where: { hostEntry($0, takes: entry.host) }) {
      section.mismatch(
        "\(entry.text): the app receives links to \(entry.host) that it cannot decode",
        fix: "add \"\(entry.host)\" to \(Link.self).universalLinkHosts, or remove \(entry.text)")
    }
    if hosts.isEmpty && entries.isEmpty {
      section.ok.append("no universal-link hosts, no applinks")
    }
    return section
  }

  /// Whether `entries` open the app for links to `host`, in release builds.
  private static func checkEntitlement(
    for host: String, in entries: [AppLinksEntry], into section: inout DoctorSection
  ) {
    let covering = entries.filter { hostEntry($0.host, takes: host) }
    if let release = covering.first(where: { !$0.modes.contains("developer") }) {
      let managed = release.modes.contains("managed") ? " on managed devices" : ""
      section.ok.append("\(release.text) opens links to \(host)\(managed)")
    } else if let developer = covering.first {
      section.mismatch(
        "links to \(host) open the app only in development builds (\(developer.text))",
        fix: "add applinks:\(host) without ?mode=developer for release builds")
    } else {
      section.mismatch(
        "links to \(host) open Safari, not the app",
        fix: "add applinks:\(host) to \(associatedDomainsKey)")
    }
  }

  /// `--info-plist FILE`: the schemes of `CFBundleURLTypes` against the link type's scheme
  /// and scheme aliases, both ways.
  ///
  /// Schemes compare ignoring case, as iOS compares them.
  static func checkInfoPlist<Link: DeepLinkCodable>(_ path: String, of type: Link.Type)
    -> DoctorSection
  {
    var section = DoctorSection(kind: "Info.plist", path: path)
    guard let plist = section.read(propertyList(path)) else { return section }
    var registered: [String] = []
    if let value = plist["CFBundleURLTypes"] {
      guard let types = value as? [[String: Any]] else {
        section.unreadable = "CFBundleURLTypes is not an array of dictionaries"
        return section
      }
      for (index, urlType) in types.enumerated() {
        let value: Any = urlType["CFBundleURLSchemes"] ?? [String]()
        guard let schemes = value as? [String] else {
          section.unreadable =
            "CFBundleURLTypes[\(index)].CFBundleURLSchemes is not an array "
            + "of strings"
          return section
        }
        registered += schemes
      }
    }
    let scheme = Link.scheme.lowercased()
    let aliases = Link.schemeAliases.map { $0.lowercased() }.sorted()
    for name in [scheme] + aliases {
      let kind = name == scheme ? "the scheme" : "a scheme alias"
      if registered.contains(where: { $0.lowercased() == name }) {
        section.ok.append("CFBundleURLSchemes registers \(name), \(kind)")
      } else {
        section.mismatch(
          "links to \(name):// do not open the app: CFBundleURLSchemes does not register "
            + "\(name), \(kind)",
          fix: "add \(name) to CFBundleURLSchemes in CFBundleURLTypes")
      }
    }
    let taken = Set([scheme] + aliases)
    for name in registered where !taken.contains(name.lowercased()) {
      section.mismatch(
        "CFBundleURLSchemes registers \(name): the app receives \(name):// links that it "
          + "cannot decode",
        fix: "add \"\(name)\" to \(Link.self).schemeAliases, or remove it from CFBundleURLSchemes")
    }
    return section
  }
}
