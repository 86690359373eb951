import LifeCore
import LifeKernel
import LifePages
import Testing

/// The user's words become an FTS5 expression that cannot be a syntax error.
@Suite struct SearchQueryTests {
    @Test(arguments: [
        ("snow", #""snow""#),
        ("walk*", #""walk"*"#),
        (#""first snow""#, #""first snow""#),
        ("first snow", #""first" AND "snow""#),
        (#"berlin "first  snow" walk*"#, #""berlin" AND "first  snow" AND "walk"*"#),
        // FTS5 operators and column filters are plain words here.
        ("NEAR(a b)", #""NEAR(a" AND "b)""#),
        ("body:x -y ^z", #""body:x" AND "-y" AND "^z""#),
        ("OR", #""OR""#),
        // A quote inside a word is doubled inside the FTS5 string.
        (#"it's"#, #""it's""#),
        (#"a"b"c"#, #""a" AND "b" AND "c""#),
        // A term with no letter or digit holds nothing the index keeps: left out
        // (kept, it would make every search find nothing).
        ("snow -", #""snow""#),
        (#"snow "-" : 'x'"#, #""snow" AND "'x'""#),
        ("é ²", #""é" AND "²""#),
    ])
    func expression(_ input: String, _ expected: String) throws {
        #expect(try SearchQuery(input).expression == expected)
    }

    @Test(arguments: [
        (#""open phrase"#, "never closes"),
        ("*", "may only end a word"),
        ("wa*lk", "may only end a word"),
        ("**", "may only end a word"),
        ("", "empty"),
        ("   ", "empty"),
        (#""  ""#, "empty"),
        ("-", "the search '-' has no letter or digit to look for"),
        (":", "no letter or digit"),
        ("'", "no letter or digit"),
        (#""-""#, "no letter or digit"),
        ("- : ( ) 🙂 -*", "no letter or digit"),
    ])
    func refusals(_ input: String, _ phrase: String) throws {
        do {
            _ = try SearchQuery(input)
            Issue.record("'\(input)' was accepted")
        } catch let error as LifeError {
            #expect(error.exitCode == 64)
            #expect(error.message.contains(phrase), "\(error.message)")
        }
    }
}
