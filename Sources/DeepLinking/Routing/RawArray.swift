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
    if count == capacity { reserve(Swift.max(8, capacity * 2)) }
    (base.unsafelyUnwrapped + count).initialize(to: element)
    count += 1
  }

  mutating func append(contentsOf elements: [Element]) {
    for element in elements { append(element) }
  }

  private mutating func reserve(_ newCapacity: Int) {
    guard newCapacity > capacity else { return }
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    if let base {
      grown.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = grown
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
  func free() { base?.deallocate() }
}
