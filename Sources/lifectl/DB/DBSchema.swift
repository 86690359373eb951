import ArgumentParser
import LifeKit

struct DBSchema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the full schema as SQL.",
        discussion: "Example: lifectl db schema --db ~/life.db | less\nReads only: it never migrates or writes."
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        try context.requireDatabase()
        struct Object: Encodable {
            let type: String
            let name: String
            let sql: String
        }
        let objects = try LifeDatabase.schema(path: context.location.path, registry: LifeKit.registry).map {
            Object(type: $0.type, name: $0.name, sql: SchemaComments.withoutRuleIDs($0.sql))
        }
        if context.json { return try JSONOutput.print(["objects": objects]) }
        Terminal.write(objects.map { $0.sql + ";" }.joined(separator: "\n\n"))
    }
}
