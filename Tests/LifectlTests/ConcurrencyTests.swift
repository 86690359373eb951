import Foundation
import LifeKitTestSupport
import Testing

/// SPEC CORE-2: two (here four) lifectl processes writing at once all succeed,
/// thanks to WAL, the busy timeout and BEGIN IMMEDIATE — including the very
/// first run, when they race to create and migrate the file.
@Suite(.tags(.endToEnd)) struct ConcurrencyTests {
    @Test func fourProcessesCreateAndWriteOneDatabase() throws {
        let cli = try Lifectl()
        let failures = Failures()
        // Four processes race on a file that does not exist yet.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let result = try cli.run("finite", "setup", "--birthday", "1990-05-14")
                if result.status != 0 { failures.add("setup: \(result.stderr)") }
            } catch {
                failures.add("setup: \(error)")
            }
        }
        // Then each marks its own ten weeks, all at the same time.
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for n in 0..<10 {
                let week = 1 + worker * 10 + n
                do {
                    let result = try cli.run("finite", "mark", String(week), "--rating", String(1 + (week % 5)))
                    if result.status != 0 { failures.add("mark \(week): \(result.stderr)") }
                } catch {
                    failures.add("mark \(week): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(try cli.sqlite("SELECT count(*) FROM finite_marks") == "40")
        #expect(try cli.sqlite("SELECT count(*) FROM schema_migrations") == "\(Lifectl.schemaMigrations.count)")
        #expect(
            try cli.sqlite("SELECT group_concat(week_index) FROM (SELECT week_index FROM finite_marks ORDER BY 1)")
                == (0..<40).map(String.init).joined(separator: ","))
        #expect(try cli.run("db", "check").status == 0)
    }
}

/// Failures collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
