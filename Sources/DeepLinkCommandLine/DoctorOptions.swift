/// The files and options of `deeplink doctor`.
struct DoctorOptions {
  var entitlements: String?
  var infoPlist: String?
  var aasa: String?
  var appID: String?
  var manifest: String?
  var assetLinks: String?
  var package: String?
  var json = false

  /// The options of `arguments` (after `doctor`), or what is wrong with them.
  static func parse(_ arguments: [String]) -> Result<DoctorOptions, DeepLinkCommand.Problem> {
    var options = DoctorOptions()
    let fields: [String: WritableKeyPath<DoctorOptions, String?>] = [
      "--entitlements": \.entitlements, "--info-plist": \.infoPlist, "--aasa": \.aasa,
      "--app-id": \.appID, "--manifest": \.manifest, "--assetlinks": \.assetLinks,
      "--package": \.package,
    ]
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--json" {
        options.json = true
        continue
      }
      guard let field = fields[argument] else {
        return .failure(
          .init(text: "unknown argument \(DeepLinkCommand.quoted(argument)) for doctor"))
      }
      guard index < arguments.count else {
        return .failure(.init(text: "\(argument) needs a value"))
      }
      guard options[keyPath: field] == nil else {
        return .failure(.init(text: "\(argument) is given twice; expected it once"))
      }
      options[keyPath: field] = arguments[index]
      index += 1
    }
    return options.validated()
  }

  /// The options, or why they do not make a check.
  private func validated() -> Result<DoctorOptions, DeepLinkCommand.Problem> {
    if (aasa == nil) != (appID == nil) {
      return .failure(.init(text: "--aasa and --app-id go together; expected both or neither"))
    }
    if (assetLinks == nil) != (package == nil) {
      return .failure(
        .init(text: "--assetlinks and --package go together; expected both or neither"))
    }
    if [entitlements, infoPlist, aasa, manifest, assetLinks].allSatisfy({ $0 == nil }) {
      return .failure(
        .init(
          text: "doctor needs a file; expected --entitlements, --info-plist, --aasa, "
            + "--manifest or --assetlinks"))
    }
    if let package, !DeepLinkCommand.isAndroidPackage(package) {
      return .failure(
        .init(
          text:
            "package \(DeepLinkCommand.quoted(package)) is not an Android application ID; expected "
            + "dot-separated names such as com.example.app"))
    }
    if let appID, !DeepLinkCommand.isAppID(appID) {
      return .failure(
        .init(
          text:
            "app ID \(DeepLinkCommand.quoted(appID)) is not \"<team ID>.<bundle ID>\"; expected "
            + "such as ABCDE12345.com.example.app"))
    }
    return .success(self)
  }
}
