import Foundation
import LifeKitTestSupport
import Testing

/// The library's errors describe the state and carry a `LifeError.Remedy`;
/// the CLI words the remedy as the command to run, so what a person reads
/// is whole (issue 10: no `lifectl …` inside Walks' or Hereafter's messages).
@Suite(.tags(.endToEnd)) struct RemedyWordingTests {
    @Test func anUnknownWalkPointsToTheList() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let result = try cli.run("walks", "show", "0000000")
        #expect(result.status == 64)
        #expect(result.stderr == "error: walk '0000000' does not exist (see `lifectl walks list`)\n")
    }

    @Test func resumingWithoutARecordingPointsToStartingOne() throws {
        let cli = try Lifectl()
        let result = try cli.run("walks", "record", "--resume", stdin: "")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: --resume is given but no walk is being recorded; start one with `lifectl walks record`\n")
    }

    @Test func anInterruptedRecordingPointsToResumeAndFinish() throws {
        let cli = try Lifectl()
        #expect(try cli.run("settings", "set", "--units", "metric").status == 0)
        _ = try cli.sqlite(
            """
            INSERT INTO walks (id, name, source, state, created_at)
            VALUES ('0f0f0f0f-0000-4000-8000-000000000001', NULL, 'recorded', 'recording', '2026-11-22 11:00:00.000')
            """)
        let result = try cli.run("walks", "record", stdin: "")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: a walk recorded since 2026-11-22T11:00:00Z was interrupted with 0 points saved; resume it (`lifectl walks record --resume`) or finish it (`lifectl walks record --finish`) first\n"
        )
    }

    @Test func hereafterBeforeOnboardingPointsToOnboard() throws {
        let cli = try Lifectl()
        let result = try cli.run("hereafter", "visit", "--at", "48.8584,2.2945")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "error: Hereafter is not set up yet: no name is stored; run `lifectl hereafter onboard --name NAME`\n"
        )
    }
}
