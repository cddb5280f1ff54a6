/// The package's only unsafe code: the views through which every layer reads a URL's bytes
/// and writes scratch memory.
///
/// The rules, which the code of this type keeps and a reader can check here:
/// - A view is made only by ``withUTF8(_:_:)`` and ``withScratch(of:capacity:_:)``, and only
///   for the length of the closure they call, while the memory it points to is alive.
/// - A ``Borrowed`` view (the bytes of a URL, or decoded bytes) is noncopyable and is handed
///   out only `borrowing`: the compiler refuses to copy it, store it, or return it, so it
///   cannot outlive the closure. A slice of one is, in turn, lent to a closure.
/// - A ``Scratch`` view is written before it is read; it is kept only in a ``URLLayout``,
///   which lives inside the same closure.
/// - Every read and write checks its index against the view's count, in release builds too.
/// - Nothing is allocated or freed by hand, and no pointer is kept as an integer.
enum UnsafeBytes {
  /// Read-only bytes, indexed from 0: a string's UTF-8, a slice of it, or a scratch
  /// buffer's written part.
  struct Borrowed: ~Copyable {
    private let buffer: UnsafeBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    var count: Int { buffer.count }
    var isEmpty: Bool { buffer.isEmpty }
    var indices: Range<Int> { 0..<buffer.count }

    @inline(__always)
    subscript(position: Int) -> UInt8 {
      precondition(UInt(bitPattern: position) < UInt(buffer.count), "read past the bytes")
      return buffer[position]
    }

    /// Calls `body` with the bytes in `range`, indexed from 0.
    @inline(__always)
    func withSlice<Result>(
      _ range: Range<Int>, _ body: (borrowing Borrowed) -> Result
    ) -> Result {
      precondition(
        range.lowerBound >= 0 && range.upperBound <= buffer.count, "slice past the bytes")
      return body(Borrowed(UnsafeBufferPointer(rebasing: buffer[range])))
    }

    /// The bytes, as UTF-8 text (invalid sequences repaired).
    func string() -> String { String(decoding: buffer, as: UTF8.self) }

    /// The bytes in `range`, as UTF-8 text.
    func string(_ range: Range<Int>) -> String {
      withSlice(range) { $0.string() }
    }

    /// The bytes, copied.
    var array: [UInt8] { Array(buffer) }

    /// The bytes, each transformed.
    func map<T>(_ transform: (UInt8) -> T) -> [T] { buffer.map(transform) }

    /// Calls `body` with each byte, in order (an iteration that needs no index checks).
    @inline(__always)
    func forEachByte(_ body: (UInt8) -> Void) { for byte in buffer { body(byte) } }

    func contains(_ byte: UInt8) -> Bool { buffer.contains(byte) }

    func contains(where predicate: (UInt8) -> Bool) -> Bool { buffer.contains(where: predicate) }

    func allSatisfy(_ predicate: (UInt8) -> Bool) -> Bool { buffer.allSatisfy(predicate) }

    /// Whether the bytes equal `other`'s, one by one.
    func elementsEqual<Other: RandomAccessCollection<UInt8>>(_ other: Other) -> Bool {
      guard other.count == buffer.count else { return false }
      var position = other.startIndex
      for byte in buffer {
        guard byte == other[position] else { return false }
        other.formIndex(after: &position)
      }
      return true
    }

    /// Whether the bytes equal `other`'s.
    func equals(_ other: borrowing Borrowed) -> Bool {
      guard count == other.count else { return false }
      for index in indices where buffer[index] != other[index] { return false }
      return true
    }
  }

  /// Uninitialized memory for the length of a closure, written before it is read: on the
  /// stack for small sizes.
  struct Scratch<Element: BitwiseCopyable> {
    private let buffer: UnsafeMutableBufferPointer<Element>

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    /// Calls `body` with the first `count` bytes, which must have been written.
    @inline(__always)
    func withWritten<Result>(_ count: Int, _ body: (borrowing Borrowed) -> Result) -> Result
    where Element == UInt8 {
      precondition(count >= 0 && count <= buffer.count, "more than the scratch holds")
      return body(Borrowed(UnsafeBufferPointer(rebasing: buffer[..<count])))
    }

    @inline(__always)
    subscript(position: Int) -> Element {
      get {
        precondition(UInt(bitPattern: position) < UInt(buffer.count), "read past the scratch")
        return buffer[position]
      }
      nonmutating set {
        precondition(UInt(bitPattern: position) < UInt(buffer.count), "write past the scratch")
        buffer[position] = newValue
      }
    }
  }

  /// Calls `body` with scratch room for `capacity` elements.
  ///
  /// A constant `capacity` lets the compiler keep the memory on the stack.
  @inline(__always)
  static func withScratch<Element: BitwiseCopyable, Result>(
    of type: Element.Type, capacity: Int, _ body: (Scratch<Element>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: type, capacity: capacity) { body(Scratch($0)) }
  }

  /// Calls `body` with the contiguous UTF-8 bytes of `string`, copying only if it is bridged.
  @inline(__always)
  static func withUTF8<Result>(_ string: String, _ body: (borrowing Borrowed) -> Result)
    -> Result
  {
    if let result = string.utf8.withContiguousStorageIfAvailable({ body(Borrowed($0)) }) {
      return result
    }
    var copy = string
    return copy.withUTF8 { body(Borrowed($0)) }
  }
}

/// Bytes borrowed for the length of a closure (the noncopyable view above).
typealias BorrowedBytes = UnsafeBytes.Borrowed

/// Scratch memory for the length of a closure (the view above).
typealias ScratchBuffer = UnsafeBytes.Scratch

/// Calls `body` with scratch room for `capacity` elements (see the rules above).
@inline(__always)
func withScratch<Element: BitwiseCopyable, Result>(
  of type: Element.Type, capacity: Int, _ body: (ScratchBuffer<Element>) -> Result
) -> Result {
  UnsafeBytes.withScratch(of: type, capacity: capacity, body)
}

/// Calls `body` with the UTF-8 bytes of `string` (see the rules above).
@inline(__always)
func withUTF8Bytes<Result>(_ string: String, _ body: (borrowing BorrowedBytes) -> Result)
  -> Result
{
  UnsafeBytes.withUTF8(string, body)
}
