#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A growable array of plain values in manually managed memory.
///
/// Reading its elements takes no reference counting, which is what a route search needs.
/// Copies share the memory: the owner (``RouteTable``) frees it with ``free()`` in its
/// `deinit`, and makes independent copies with ``copy()``.
struct RawArray<Element: BitwiseCopyable>: @unchecked Sendable {
  // Shared read-only once the owning table is shared; see ``RouteTable``.
  private var base: UnsafeMutablePointer<Element>?
  private(set) var count = 0
  private var capacity = 0

  init() {}

  init(repeating value: Element, count: Int) {
    reserve(count)
    base?.initialize(repeating: value, count: count)
    self.count = count
  }

  /// The elements, valid until the next append or ``free()``.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "RawArray index out of range")
      return base.unsafelyUnwrapped[index]
    }
    nonmutating set {
      precondition(index >= 0 && index < count, "RawArray index out of range")
      base.unsafelyUnwrapped[index] = newValue
    }
  }

  mutating func append(_ element: Element) {
    if count == capacity { reserve(Swift.max(8, capacity + capacity / 2)) }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }

  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    for element in elements { append(element) }
  }

  // The memory comes from `malloc` and grows with `realloc`, which can extend a block in
  // place (or remap a large one) instead of leaving the old block behind: a trie of 10,000
  // routes doubles its arrays a dozen times while it is built.
  private mutating func reserve(_ newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let bytes = newCapacity * MemoryLayout<Element>.stride
    guard let grown = realloc(base.map(UnsafeMutableRawPointer.init), bytes) else {
      fatalError("RawArray: out of memory growing to \(bytes) bytes")
    }
    base = grown.bindMemory(to: Element.self, capacity: newCapacity)
    capacity = newCapacity
  }

  /// An independent copy of the elements.
  func copy() -> RawArray {
    var copy = RawArray()
    copy.reserve(Swift.max(count, 1))
    if let base { copy.base?.initialize(from: base, count: count) }
    copy.count = count
    return copy
  }

  /// Frees the memory; the array must not be used afterwards.
  func free() {
    if let base { releaseMemory(base) }
  }
}

/// The C library's `free`, named apart from ``RawArray/free()``.
private func releaseMemory(_ pointer: UnsafeMutableRawPointer) { free(pointer) }
