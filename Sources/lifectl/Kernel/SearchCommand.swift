import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifePages
import LifeTimer

/// `lifectl search`: one full-text search over every product's words.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract:
            "Search the words of every product: week phrases, walk names, discovered messages, goals, milestones.",
        discussion: """
            Words are all required; end a word with * for every word starting with it (walk*), and put \
            words in double quotes to find them side by side ("first snow"). Accents are ignored: cafe \
            finds Café. Best matches first. Hereafter messages are found only once discovered. \
            LifeTimer goals and milestones are those the account (--as, else the owner's) may see.
            Example: lifectl search 'walk*' '"first snow"'
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp("Search LifeTimer as this account (default: the owner's).", valueName: "username"))
    var actingAs: String?

    @Argument(help: ArgumentHelp("What to look for.", valueName: "words"))
    var words: [String] = []

    func run() throws {
        let query = try SearchQuery(words.joined(separator: " "))
        let context = try CommandContext(options)
        let queue = try context.open(create: false)
        let viewer = try LifeTimerStore(queue, clock: context.clock).searchViewer(username: actingAs)
        let hits = try SearchEngine(queue, registry: LifeKit.registry).search(query, viewer: viewer)
        if context.json {
            return try JSONOutput.print(SearchJSON(count: hits.count, hits: hits.map(SearchJSON.Hit.init)))
        }
        Terminal.write(Self.text(hits))
    }

    /// One line per hit: product, what it is, the id's first 8 characters, the text on one line.
    static func text(_ hits: [SearchHit]) -> String {
        guard !hits.isEmpty else { return "No matches." }
        var table = TextTable([.left, .left, .left, .left])
        for hit in hits {
            table.add(hit.product, hit.label, String(hit.id.uuidString.lowercased().prefix(8)), oneLine(hit.text))
        }
        return table.render()
    }

    /// Control characters and line breaks become spaces, so one hit is one line.
    static func oneLine(_ text: String) -> String { TimelineText.oneLine(text) }
}

/// `lifectl search --json` (docs/json.md, "search").
struct SearchJSON: Encodable {
    struct Hit: Encodable {
        let product: String
        let kind: String
        let id: String
        let text: String
        let rank: Double

        init(_ hit: SearchHit) {
            product = hit.product
            kind = hit.kind
            id = hit.id.uuidString.lowercased()
            text = hit.text
            rank = hit.rank
        }
    }

    let count: Int
    let hits: [Hit]
}
