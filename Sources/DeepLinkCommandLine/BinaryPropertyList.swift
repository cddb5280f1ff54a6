import Foundation

/// A look at a binary property list's objects before Foundation reads it.
///
/// Linux's `PropertyListSerialization` crashes on a binary plist that holds a set (a type
/// that XML plists, and so entitlements and Info.plist files, never have), so `doctor`
/// refuses one first. The look reads only the file's trailer and offset table, each read
/// checked against the file's size.
enum BinaryPropertyList {
  /// Where `data`, a binary plist, holds a set: the offset of the first; `nil` when it holds
  /// none, or is not a binary plist this look can follow (Foundation then says why).
  static func setOffset(in data: Data) -> Int? {
    let bytes = [UInt8](data)
    guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return nil }
    let trailer = bytes.count - 32
    /// The big-endian integer of `size` bytes at `offset`, if the bytes lie in the file and
    /// the integer is smaller than the file.
    func integer(at offset: Int, size: Int) -> Int? {
      guard (1...8).contains(size), offset >= 0, offset <= bytes.count - size else { return nil }
      let value = bytes[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return value < UInt64(bytes.count) ? Int(value) : nil
    }
    // The trailer: the offset table's entry size, the number of objects, the table's offset.
    let entrySize = Int(bytes[trailer + 6])
    guard let count = integer(at: trailer + 8, size: 8),
      let table = integer(at: trailer + 24, size: 8)
    else { return nil }
    for index in 0..<count {
      guard table + index * entrySize < trailer,
        let offset = integer(at: table + index * entrySize, size: entrySize), offset < trailer
      else { return nil }
      if bytes[offset] >> 4 == 0xC { return offset }
    }
    return nil
  }
}
