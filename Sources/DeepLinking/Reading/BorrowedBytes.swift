// The package's pointers, all in this file: the other layers read and write bytes through
// `BorrowedBytes` and `ScratchBuffer`, which can only be made here, inside the closure that
// keeps their memory alive.

/// Read-only bytes borrowed for the length of a closure: a string's UTF-8, or a
/// ``ScratchBuffer``'s written part.
///
/// Indexed from 0, with the checks of `UnsafeBufferPointer` (in debug builds). Made only by
/// the functions of this file; never stored past the closure it was handed to (the reader
/// and a router's search keep one in a local value for that long).
struct BorrowedBytes: RandomAccessCollection {
  private let buffer: UnsafeBufferPointer<UInt8>

  fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

  var startIndex: Int { 0 }
  var endIndex: Int { buffer.count }

  @inline(__always)
  subscript(position: Int) -> UInt8 { buffer[position] }

  /// The bytes in `range`, indexed from 0.
  @inline(__always)
  subscript(rebasing range: Range<Int>) -> BorrowedBytes {
    BorrowedBytes(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Lets `String(decoding:as:)` and other generic algorithms copy the bytes in one step.
  func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try body(buffer)
  }

  /// Whether the bytes equal `other`'s, compared eight at a time.
  @inline(__always)
  func equals(_ other: BorrowedBytes) -> Bool {
    guard count == other.count else { return false }
    guard let left = UnsafeRawPointer(buffer.baseAddress),
      let right = UnsafeRawPointer(other.buffer.baseAddress)
    else { return true }
    var offset = 0
    while offset + 8 <= count {
      if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    while offset < count, buffer[offset] == other.buffer[offset] { offset += 1 }
    return offset == count
  }
}

/// Uninitialized memory for the length of a closure, written before it is read: on the stack
/// for small sizes.
struct ScratchBuffer<Element: BitwiseCopyable> {
  private let buffer: UnsafeMutableBufferPointer<Element>

  fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

  @inline(__always)
  subscript(position: Int) -> Element {
    get { buffer[position] }
    nonmutating set { buffer[position] = newValue }
  }
}

extension ScratchBuffer<UInt8> {
  /// The first `count` bytes, which must have been written.
  @inline(__always)
  func written(_ count: Int) -> BorrowedBytes {
    BorrowedBytes(UnsafeBufferPointer(rebasing: buffer[..<count]))
  }
}

/// Calls `body` with scratch room for `capacity` elements.
///
/// A constant `capacity` lets the compiler keep the memory on the stack.
@inline(__always)
func withScratch<Element: BitwiseCopyable, Result>(
  of type: Element.Type, capacity: Int, _ body: (ScratchBuffer<Element>) -> Result
) -> Result {
  withUnsafeTemporaryAllocation(of: type, capacity: capacity) { body(ScratchBuffer($0)) }
}

/// Calls `body` with the contiguous UTF-8 bytes of `string`, copying only if it is bridged.
@inline(__always)
func withUTF8Bytes<Result>(_ string: String, _ body: (BorrowedBytes) -> Result) -> Result {
  if let result = string.utf8.withContiguousStorageIfAvailable({ body(BorrowedBytes($0)) }) {
    return result
  }
  var copy = string
  return copy.withUTF8 { body(BorrowedBytes($0)) }
}
