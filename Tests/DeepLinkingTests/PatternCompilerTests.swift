import Testing

// White-box: the fast compiler must build exactly what the full compiler builds. Behaviour
// tests go through the public API elsewhere; this one compares the compiled forms.
@testable import DeepLinking

@Suite struct PatternCompilerTests {
  /// The compiled form as comparable data: what each op means, not where its bytes are (the
  /// fast compiler reads literals from the source, the full one stores them after it).
  private struct Compiled: Equatable {
    struct Op: Equatable {
      var kind: URLPattern.Op.Kind
      var builtIn: BuiltInConverter?
      var text: Range<Int32>
      var literal: [UInt8]

      init(_ op: URLPattern.Op, _ storage: URLPattern.Storage) {
        kind = op.kind
        builtIn = op.builtIn
        text = op.text
        literal = Array(
          storage.literals[Int(op.literal.lowerBound)..<Int(op.literal.upperBound)])
      }
    }

    var ops: [Op]
    var authority: Op?
    var source: [UInt8]
    var scheme: [UInt8]?
    var isWeb: Bool

    init(_ storage: URLPattern.Storage) {
      ops = storage.ops.map { Op($0, storage) }
      authority = storage.authorityOp.map { Op($0, storage) }
      source = Array(storage.sourceBytes)
      scheme = storage.schemeBytes.map(Array.init)
      isWeb = storage.isWeb
    }
  }

  @Test(arguments: [
    "myapp://user/<int:id>", "user/<int:id>", "myapp://:section/list", "myapp://a/*/c",
    "my-app://home/sub", "a1+b.c://x", "myapp://products/<int:categoryID>/<slug>",
    "myapp://docs/<path:doc_path>", "search/<query>", "settings", "*", ":id", "<path:all>",
    "myapp://n/<even:n>/<string:s>/<float:f>/<uuid:u>", "User/Profile", "x.y/_a~b-c/..",
  ])
  func commonShapesCompileAlike(source: String) throws {
    let common = try #require(URLPattern.Storage.compileCommon(source))
    #expect(Compiled(common) == Compiled(try URLPattern.Storage.compile(source)))
  }

  /// Shapes the fast compiler leaves to the full one (which may accept or refuse them).
  @Test(arguments: [
    "https://example.com/user", "http://x/y", "MyApp://user", "myapp://User",
    "myapp://caf%C3%A9", "myapp://user/", "/user", "myapp://a//b", "myapp://<path:p>/x",
    "myapp://<id>/<id>", "myapp://a<id>", "myapp://<a:b:c>", "myapp://<>", "myapp://:",
    "user?x=1", "user#top", "myapp://", "", "myapp:user", "myapp://a b", "myapp://a*",
  ])
  func otherShapesTakeTheFullCompiler(source: String) {
    #expect(URLPattern.Storage.compileCommon(source) == nil)
  }

  /// Random patterns of the common shape, both compilers.
  @Test func randomCommonShapesCompileAlike() throws {
    var random = SplitMix64(state: 11)
    let schemes = ["myapp://", "x-y.z://", "a0://", ""]
    let literals = ["user", "Home", "a.b", "x_y~z", "42", "..", "-"]
    let converters = ["", "int:", "float:", "uuid:", "string:", "region:"]
    for _ in 0..<3_000 {
      let scheme = schemes.randomElement(using: &random) ?? ""
      var segments: [String] = []
      for index in 0..<Int.random(in: 1...5, using: &random) {
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          var literal = literals.randomElement(using: &random) ?? "x"
          if index == 0, !scheme.isEmpty { literal = literal.lowercased() }
          segments.append(literal)
        case 1: segments.append("*")
        case 2: segments.append(":p\(index)")
        default: segments.append("<\(converters.randomElement(using: &random) ?? "")p\(index)>")
        }
      }
      if Bool.random(using: &random) { segments.append("<path:rest>") }
      let source = scheme + segments.joined(separator: "/")
      let common = try #require(URLPattern.Storage.compileCommon(source), "\(source)")
      #expect(Compiled(common) == Compiled(try URLPattern.Storage.compile(source)), "\(source)")
    }
  }
}
