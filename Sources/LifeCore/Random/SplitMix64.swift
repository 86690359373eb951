/// Reproducible random numbers: SplitMix64 (Steele, Lea and Flood, 2014).
/// Integer arithmetic only, so every platform draws the same numbers. The
/// doodles use it seeded by the 64-bit FNV-1a hash of the walk's id (SPEC
/// WALK-6: the same walk always gives the same bytes); tests and benchmarks
/// use it so that every run sees the same inputs. Never the system generator
/// where output must repeat.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    /// Seeded by the FNV-1a hash of the UTF-8 bytes of `seed`.
    public init(seed: String) {
        self.init(state: Self.fnv1a(seed))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform number in [-1, 1).
    public mutating func signed() -> Double {
        unit() * 2 - 1
    }

    /// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
