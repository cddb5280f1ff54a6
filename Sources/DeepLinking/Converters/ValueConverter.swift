/// A function that converts one path segment into a typed value, or refuses it.
///
/// It has URLNavigator's shape: it receives the link's decoded segments and the index of the
/// one being converted, and returns the converted value, or `nil` when the segment does not
/// match. The segments are numbered along the link, so for `myapp://region/us-west-1` they are
/// `["region", "us-west-1"]` and the index of `us-west-1` is 1.
///
/// ```swift
/// var matcher = URLMatcher()
/// let regions: Set = ["us-west-1", "ap-northeast-2", "eu-west-3"]
/// matcher.valueConverters["region"] = { components, index in
///   regions.contains(components[index]) ? components[index] : nil
/// }
/// let pattern: URLPattern = "myapp://region/<region:region>"
/// pattern.match("myapp://region/eu-west-3", using: matcher)?.values["region"]
/// // "eu-west-3"
/// ```
public typealias ValueConverter =
  @Sendable (_ components: [String], _ index: Int) -> (
    any Sendable
  )?
