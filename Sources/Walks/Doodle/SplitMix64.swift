/// The doodles' random numbers (SPEC WALK-6: deterministic for a given walk):
/// SplitMix64 (Steele, Lea and Flood, 2014), seeded by the 64-bit FNV-1a hash
/// of the walk's id. Integer arithmetic only, so every platform draws the same
/// numbers; never the system generator.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(state: UInt64) {
        self.state = state
    }

    /// Seeded by the FNV-1a hash of the UTF-8 bytes of `seed`.
    init(seed: String) {
        self.init(state: Self.fnv1a(seed))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1) from the top 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform number in [-1, 1).
    mutating func signed() -> Double {
        unit() * 2 - 1
    }

    /// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
