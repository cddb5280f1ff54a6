/// Why a link does not print: a ``DeepLinkError`` but for the link, which the caller names.
struct PrintingFailure: Error {
  let code: DeepLinkError.Code
  let component: DeepLinkError.Component
  let value: String?
  let reason: DeepLinkError.Reason

  init(
    _ code: DeepLinkError.Code, _ component: DeepLinkError.Component, value: String?,
    _ reason: DeepLinkError.Reason
  ) {
    self.code = code
    self.component = component
    self.value = value
    self.reason = reason
  }

  /// The error, naming `link`.
  func error(printing link: any Sendable) -> DeepLinkError {
    DeepLinkError.printing(code, link, component, value: value, reason)
  }
}
