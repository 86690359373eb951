import Foundation

/// The schema's SQL as `db schema` shows it to a person: the comments of
/// the released migrations cite the specification's rule ids (`WALK-3:`,
/// `(SPEC DM-11)`), which text for people never does (CORE-13). The stored
/// schema cannot change (a released migration's text is checksummed), so
/// the ids are taken out of the comments as they are printed; the SQL
/// itself is printed as stored (`sqlite3 FILE .schema` shows all of it).
enum SchemaComments {
    /// One id, or several joined by `,` or `/`, with the optional `SPEC`.
    private static let ids =
        #"(?:SPEC\s+)?(?:CORE|FIN|LT|WALK|HA|DM|SYNC|SRV|REL|PERF|STAT)-\d+(?:\s*[,/]\s*(?:CORE|FIN|LT|WALK|HA|DM|SYNC|SRV|REL|PERF|STAT)-\d+)*"#

    /// Each rewrite in order: a reference alone in parentheses, one that
    /// opens or closes a parenthesis beside other words, one that leads a
    /// comment (`WALK-3: metres …`), and any left.
    private static let rewrites: [(NSRegularExpression, String)] = [
        (#"\s*\(\#(ids)\)"#, ""),
        (#"\(\s*\#(ids)\s*[;,]\s*"#, "("),
        (#"\s*[;,]\s*\#(ids)(?=\s*\))"#, ""),
        (#"\#(ids)\s*:\s*"#, ""),
        (#"\s*\#(ids)"#, ""),
    ].compactMap { pattern, template in
        (try? NSRegularExpression(pattern: pattern)).map { ($0, template) }
    }

    /// `sql` with the ids taken out of its `--` comments.
    static func withoutRuleIDs(_ sql: String) -> String {
        sql.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let start = commentStart(line) else { return String(line) }
            var comment = String(line[start...])
            for (expression, template) in rewrites {
                comment = expression.stringByReplacingMatches(
                    in: comment, range: NSRange(comment.startIndex..., in: comment), withTemplate: template)
            }
            return String(line[..<start]) + comment
        }.joined(separator: "\n")
    }

    /// Where a `--` comment starts on a line, outside any quoted text.
    private static func commentStart(_ line: Substring) -> Substring.Index? {
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "'" { quoted.toggle() }
            let next = line.index(after: index)
            if !quoted, character == "-", next < line.endIndex, line[next] == "-" { return index }
            index = next
        }
        return nil
    }
}
