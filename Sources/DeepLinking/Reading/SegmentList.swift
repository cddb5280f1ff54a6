/// The start offsets of a path's segments, in scratch memory that the reader's caller owns.
///
/// A path of `n` bytes has at most `n + 1` segments, so scratch of the URL's length plus one
/// never overflows; ``URLLayout/withLayout(of:maximumLength:failure:_:)`` gets it from
/// ``withScratch(of:capacity:_:)``, on the stack for ordinary URLs.
struct SegmentList {
  private let storage: ScratchBuffer<Int32>
  private var segmentCount: Int32 = 0
  private var endOffset: Int32 = 0

  /// How many segments there are.
  var count: Int { Int(segmentCount) }

  /// Where the last segment ends.
  var end: Int {
    get { Int(endOffset) }
    set { endOffset = Int32(truncatingIfNeeded: newValue) }
  }

  init(storage: ScratchBuffer<Int32>) { self.storage = storage }

  @inline(__always)
  mutating func append(start: Int) {
    storage[count] = Int32(truncatingIfNeeded: start)
    segmentCount += 1
  }

  @inline(__always)
  func start(_ index: Int) -> Int { Int(storage[index]) }

  /// The bytes of segment `index`, without the `/` that ends it.
  @inline(__always)
  func range(_ index: Int) -> Range<Int> {
    start(index)..<(index + 1 < count ? start(index + 1) - 1 : end)
  }
}
