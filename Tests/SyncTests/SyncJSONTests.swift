import Foundation
import Testing

@testable import LifeSync

/// The bundle's JSON (docs/sync.md, section 8): the same values give the
/// same bytes, and what is read back is what was written, integers kept
/// apart from reals. The expected texts are written out by hand.
@Suite struct SyncJSONTests {
    @Test(arguments: [
        (SyncJSON.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.integer(0), "0"),
        (.integer(-42), "-42"),
        (.integer(Int64.max), "9223372036854775807"),
        (.integer(Int64.min), "-9223372036854775808"),
        (.real(1), "1.0"),
        (.real(-0.5), "-0.5"),
        (.real(1e300), "1e+300"),
        (.string(""), "\"\""),
        (.string("Café ☕︎ 🚶"), "\"Café ☕︎ 🚶\""),
        (.string("a\"b\\c\nd\te\rf"), #""a\"b\\c\nd\te\rf""#),
        (.string("\u{0}\u{1}\u{1F}"), #""\u0000\u0001\u001f""#),
        (.array([]), "[]"),
        (.array([.integer(1), .string("x"), .null]), "[1,\"x\",null]"),
        (.object([:]), "{}"),
        (.object(["b": .integer(2), "a": .array([.bool(true)]), "B": .null]), "{\"B\":null,\"a\":[true],\"b\":2}"),
    ])
    func writesTheOneText(value: SyncJSON, text: String) {
        #expect(value.text == text)
        #expect(SyncJSON.parse(Substring(text)) == value)
    }

    @Test(arguments: [
        (" { \"a\" : [ 1 , 2.5 ] } \n", SyncJSON.object(["a": .array([.integer(1), .real(2.5)])])),
        (#""\u00e9\/\b\f""#, .string("é/\u{8}\u{C}")),
        (#""\ud83d\udeb6 walk""#, .string("🚶 walk")),
        ("-0", .integer(0)),
        ("007", .integer(7)),
        // Beyond Int64: read as the real it is.
        ("9223372036854775808", .real(9.223_372_036_854_776e18)),
        ("-9223372036854775809", .real(-9.223_372_036_854_776e18)),
        ("1E3", .real(1000)),
        ("[[[]]]", .array([.array([.array([])])])),
    ])
    func readsWhatJSONAllows(text: String, value: SyncJSON) {
        #expect(SyncJSON.parse(Substring(text)) == value)
    }

    @Test(arguments: [
        "", " ", "nul", "nulls", "tru", "[1,]", "[1 2]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":1,\"a\":2}",
        "\"open", "\"tab\there\"", #""\x""#, #""\u12""#, #""\ud83d""#, #""\udeb6""#, "-", "1e999", "[1]]",
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
    ])
    func refusesWhatIsNotOneValue(text: String) {
        #expect(SyncJSON.parse(Substring(text)) == nil)
    }

    /// Every text a record may hold survives writing and reading.
    @Test func everyCharacterComesBack() {
        var scalars = (0..<0x250).compactMap(Unicode.Scalar.init).map(Character.init)
        scalars += ["\u{FFFD}", "\u{10FFFF}", "👩‍👩‍👧‍👦"]
        let text = String(scalars)
        let value = SyncJSON.object(["t": .string(text), "n": .array([.string(text), .integer(-1)])])
        #expect(SyncJSON.parse(Substring(value.text)) == value)
    }
}
