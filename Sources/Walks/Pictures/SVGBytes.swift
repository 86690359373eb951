/// A doodle's SVG as it is written: UTF-8 bytes appended to one growing
/// buffer, turned into a `String` once at the end (PERF-4).
///
/// Appending to a `String` piece by piece cost most of a doodle's time (each
/// append re-checks the string's storage and capacity, and each number was a
/// `String` of its own), and so did `Array.append(contentsOf:)` for the few
/// bytes of a number; a doodle writes a few thousand numbers. The buffer is
/// owned by this value alone (`~Copyable`), freed when it ends.
struct SVGBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (base + count).initialize(from: start, count: buffer.count)
        count += buffer.count
    }

    /// A literal: its bytes are copied without going through `String`.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `value` with exactly `decimals` decimals, rounded half away from zero:
    /// the bytes of `LifeCore.Format.fixed` (the same rounding, the same
    /// digits), written without a `String`. `value` must be finite and below
    /// 1e12 (`SVGNumber.append` checks).
    mutating func append(fixed value: Double, decimals: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero))
        // A sign, 19 digits of an Int at most, a point, the decimals.
        reserve(21 + decimals)
        if value < 0 && scaled != 0 {
            base[count] = 0x2D  // "-"
            count += 1
        }
        appendDigits(scaled / scale, minimumCount: 1)
        guard decimals > 0 else { return }
        base[count] = 0x2E  // "."
        count += 1
        appendDigits(scaled % scale, minimumCount: decimals)
    }

    /// The decimal digits of `value` (not negative), zero-padded on the left
    /// to `minimumCount`; the room is reserved by the caller.
    @inline(__always)
    private mutating func appendDigits(_ value: Int, minimumCount: Int) {
        var width = 1
        var limit = 10
        while value >= limit && width < 19 {
            width += 1
            limit = limit &* 10
        }
        width = max(width, minimumCount)
        var rest = value
        var position = count + width
        while position > count {
            position -= 1
            base[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        count += width
    }

    /// The document or fragment as text (ASCII apart from what callers
    /// appended as `String`, so always valid UTF-8).
    var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}
