import Foundation

/// The catalogue's activities found by their id's bytes: FNV-1a of the
/// bytes, checked against the id itself, so that ten thousand rows cost no
/// `String` and no SipHash each.
struct ActivityLookup {
    struct Entry {
        let id: [UInt8]
        let category: Int
        let minutes: Int
    }

    private var slots: [Int: [Entry]] = [:]

    mutating func add(_ id: String, category: Int, minutes: Int) {
        let bytes = Array(id.utf8)
        slots[bytes.withUnsafeBufferPointer(Self.hash), default: []].append(
            Entry(id: bytes, category: category, minutes: minutes))
    }

    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Entry? {
        slots[Self.hash(bytes)]?.first { $0.id.elementsEqual(bytes) }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: value)
    }
}
