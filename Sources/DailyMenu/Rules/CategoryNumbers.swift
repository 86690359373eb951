/// Categories as small numbers, and which have been tried, for the rules
/// that walk a long history (`MomentRule`, `StampTracker`, `JourneyBuilder`):
/// a bit per category instead of hashing its name for every ritual.
public struct CategoryNumbers: Sendable {
    private var numbers: [String: Int] = [:]
    private var tried: [Bool] = []
    public private(set) var triedCount = 0

    public init(_ names: some Sequence<String> = [String]()) {
        for name in names { _ = number(of: name) }
    }

    /// The category's number, given in the order they are first met.
    public mutating func number(of name: String) -> Int {
        if let number = numbers[name] { return number }
        let number = numbers.count
        numbers[name] = number
        tried.append(false)
        return number
    }

    /// How many categories have a number.
    public var count: Int { numbers.count }

    /// Marks `number` tried; true the first time.
    public mutating func markTried(_ number: Int) -> Bool {
        while number >= tried.count { tried.append(false) }
        if tried[number] { return false }
        tried[number] = true
        triedCount += 1
        return true
    }
}
