import Foundation
import LifeKitTestSupport
import Testing

/// PERF-5 (docs/benchmarks.md, issue 31): ArgumentParser builds the whole
/// command tree on every start-up and names each command; a command whose
/// configuration gives no `commandName` is named by `String(describing:)`
/// of its type, which tries three protocol conformances that a metatype
/// never has, and each miss scans every conformance record in the binary.
/// Twenty-three such commands were 29 % of the instructions of a whole
/// `lifectl finite status`. So every command names itself.
@Suite(.tags(.endToEnd)) struct CommandNameTests {
    /// `Sources/lifectl`, from this file's place in the tree.
    static let sources = URL(fileURLWithPath: #filePath)  // Tests/LifectlTests/CommandNameTests.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/lifectl")

    /// The text of each `CommandConfiguration(…)` call in `source`, its
    /// parentheses matched outside string literals.
    static func configurations(in source: String) -> [Substring] {
        var found: [Substring] = []
        var searchFrom = source.startIndex
        while let start = source.range(of: "CommandConfiguration(", range: searchFrom..<source.endIndex) {
            var depth = 1
            var inString = false
            var escaped = false
            var index = start.upperBound
            while depth > 0, index < source.endIndex {
                let character = source[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                } else if character == "\"" {
                    inString = true
                } else if character == "(" {
                    depth += 1
                } else if character == ")" {
                    depth -= 1
                }
                index = source.index(after: index)
            }
            found.append(source[start.lowerBound..<index])
            searchFrom = index
        }
        return found
    }

    @Test func theScannerFindsAConfigurationWithoutAName() {
        let source = """
            static let configuration = CommandConfiguration(
                abstract: "Add a goal (before the start).", discussion: "say \\"(\\" twice")
            static let other = CommandConfiguration(commandName: "list", abstract: "List (all).")
            """
        let found = Self.configurations(in: source)
        #expect(found.count == 2)
        #expect(found.map { $0.contains("commandName:") } == [false, true])
    }

    @Test func everyCommandConfigurationNamesItsCommand() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10, "the CLI's sources were found at \(Self.sources.path)")
        var unnamed: [String] = []
        var named = 0
        for file in files {
            let source = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for configuration in Self.configurations(in: source) {
                if configuration.contains("commandName:") {
                    named += 1
                } else {
                    unnamed.append("\(file): \(configuration.prefix(80))")
                }
            }
        }
        #expect(named > 100)
        #expect(unnamed.isEmpty, "give each a commandName: \(unnamed.joined(separator: "; "))")
    }
}
