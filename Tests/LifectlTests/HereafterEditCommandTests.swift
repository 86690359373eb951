import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `hereafter edit` and `hereafter delete` (issue 32), as a new
/// user types them: the answers name the note's id, place and dates, never
/// a word of it (HA-3), human or --json; a refusal is 64 and changes nothing.
@Suite(.tags(.endToEnd)) struct HereafterEditCommandTests {
    static let gate = "52.5163,13.3777"
    static let secret = "umbrella saxophone"

    /// Ada's note at the gate, planted 2026-11-22 12:00 UTC to open 2027-03-01; its id.
    static func planted() throws -> (Lifectl, String) {
        let cli = try HereafterCommandTests.onboarded()
        let plant = try cli.run(
            "hereafter", "plant", "--text", "Typo \(secret)", "--at", Self.gate, "--place", "Brandenbrug Gate",
            "--unlock", "2027-03-01")
        #expect(plant.status == 0, "\(plant.stderr)")
        return (cli, try cli.sqlite("SELECT id FROM hereafter_messages"))
    }

    @Test func anEditSaysWhatChangedNeverTheWords() throws {
        let (cli, id) = try Self.planted()
        let short = String(id.prefix(8))
        let later = HereafterCommandTests.at(cli, "2026-12-24T18:00:00Z")
        let edit = try later.run(
            "hereafter", "edit", String(id.prefix(6)), "--text", "Fixed \(Self.secret) words", "--place",
            "Brandenburg Gate")
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(
            edit.stdout
                == "Changed the words and the place of note \(short), now at Brandenburg Gate, still locked until 1 March 2027.\n"
        )
        #expect(edit.stderr.isEmpty)
        #expect(
            try cli.sqlite("SELECT text, place_name FROM hereafter_messages")
                == "Fixed \(Self.secret) words|Brandenburg Gate")
        let json = try later.run("hereafter", "edit", id, "--text", "Again \(Self.secret)", "--json")
        #expect(json.status == 0)
        #expect(!json.stdout.contains(Self.secret))
        let object = try #require(try HereafterCommandTests.json(json.stdout) as? [String: Any])
        #expect(object["changed"] as? [String] == ["text"])
        let message = try #require(object["message"] as? [String: Any])
        #expect(message["locked"] as? Bool == true)
        #expect(message["text"] == nil)
        #expect(message["timeZone"] as? String == "UTC")
        let same = try later.run("hereafter", "edit", id, "--place", "Brandenburg Gate")
        #expect(
            same.stdout
                == "Nothing changed: note \(short) at Brandenburg Gate already says so. It opens on 1 March 2027.\n")
        // No output of either holds the words.
        for result in [edit, json, same] { #expect(!(result.stdout + result.stderr).contains(Self.secret)) }
    }

    @Test func anEditAfterTheUnlockOrWithoutAChangeIsRefused() throws {
        let (cli, id) = try Self.planted()
        let before = try cli.dump()
        let opened = HereafterCommandTests.at(cli, "2027-03-01T00:00:00Z")
        let late = try opened.run("hereafter", "edit", id, "--text", "Too late")
        #expect(late.status == 64)
        #expect(
            late.stderr
                == "error: message \(id) at Brandenbrug Gate unlocked on 2027-03-01; a note can be edited only while it is locked, and its words are now what you left (it can still be deleted)\n"
        )
        let nothing = try cli.run("hereafter", "edit", id)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("error: nothing to change: give the new --text, --place, or --no-place"))
        let both = try cli.run("hereafter", "edit", id, "--place", "X", "--no-place")
        #expect(both.status == 64)
        let empty = try cli.run("hereafter", "edit", id, "--text", "  ")
        #expect(empty.status == 64)
        #expect(empty.stderr == "error: text is required; it is empty after trimming white space\n")
        #expect(try cli.dump() == before)
        for result in [late, nothing, both, empty] { #expect(!(result.stdout + result.stderr).contains(Self.secret)) }
    }

    @Test func aDeleteSaysWhatWentNeverTheWords() throws {
        let (cli, id) = try Self.planted()
        let short = String(id.prefix(8))
        let delete = try cli.run("hereafter", "delete", short)
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(
            delete.stdout
                == "Deleted note \(short), left at Brandenbrug Gate on 22 November 2026 to open on 1 March 2027.\n")
        #expect(try cli.sqlite("SELECT count(*) FROM hereafter_messages") == "0")
        #expect(try cli.sqlite("SELECT count(*) FROM hereafter_threads") == "1")
        #expect(try cli.run("db", "check").status == 0)
        let again = try cli.run("hereafter", "delete", short)
        #expect(again.status == 64)
        #expect(again.stderr == "error: id is '\(short)'; no message has that id\n")
    }

    @Test func aNoteWithRepliesIsDeletedOnlyWithThem() throws {
        let cli = try HereafterCommandTests.onboarded()
        #expect(
            try cli.run("hereafter", "plant", "--text", Self.secret, "--at", Self.gate, "--unlock", "2026-11-23")
                .status == 0)
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        let later = HereafterCommandTests.at(cli, "2026-11-24T09:00:00Z")
        #expect(try later.run("hereafter", "visit", "--at", Self.gate).status == 0)
        #expect(try later.run("hereafter", "reply", id, "--text", "Back again").status == 0)
        let refused = try later.run("hereafter", "delete", id)
        #expect(refused.status == 64)
        #expect(
            refused.stderr
                == "error: message \(id) has a reply; give --with-replies to delete it with them, or delete the replies first\n"
        )
        let deleted = try later.run("hereafter", "delete", id, "--with-replies", "--json")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(!deleted.stdout.contains(Self.secret) && !deleted.stdout.contains("Back again"))
        let object = try #require(try HereafterCommandTests.json(deleted.stdout) as? [String: Any])
        let note = try #require(object["deleted"] as? [String: Any])
        #expect(note["id"] as? String == id)
        #expect(note["discovered"] as? Bool == true)
        #expect(note["place"] as? String == "52.5163° N, 13.3777° E")
        #expect((object["replies"] as? [[String: Any]])?.first?["parentId"] as? String == id)
        #expect(try cli.sqlite("SELECT count(*) FROM hereafter_messages") == "0")
    }
}
