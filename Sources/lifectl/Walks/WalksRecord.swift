import ArgumentParser
import Foundation
import LifeCore
import Walks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct WalksRecord: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a walk live from lat,lon,time[,ele,accuracy] lines on stdin.",
        discussion: """
            Each point is saved as it arrives, so an interrupted recording (Ctrl-C, a crash, a \
            lost connection) keeps every point: the next `walks record` offers to --resume or \
            --finish it. The end of input (Ctrl-D) stops the walk and saves it. `time` is an ISO \
            8601 instant or Unix seconds; points less accurate than 50 m are dropped. A line that \
            cannot be read is reported and skipped; the walk is still saved, and the exit status \
            is then 65.
            Example: gps-feed | lifectl walks record --name "Evening loop"
            Example: lifectl walks record --finish
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("A name for the walk.", valueName: "name"))
    var name: String?

    @Flag(name: .long, help: "Continue the interrupted recording with the points on stdin.")
    var resume = false

    @Flag(name: .long, help: "Save the interrupted recording as it is, without reading stdin.")
    var finish = false

    // REL-1: a feeder learns which points are saved: one line per committed point.
    @Flag(
        name: .long,
        help: "Print `ack LINE SEQ` on stderr once the point on input line LINE is saved as point SEQ (from 1).")
    var ack = false

    func validate() throws {
        if resume && finish { throw ValidationError("give --resume or --finish, not both") }
        if name != nil && (resume || finish) {
            throw ValidationError("--name names a new recording; it cannot be given with --resume or --finish")
        }
    }

    struct Report: Encodable {
        let walk: WalkSummary?
        let pointsStored: Int
        let pointsDropped: Int
        let linesRefused: Int
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        var recording: Recording
        var refused = 0
        if finish {
            guard let interrupted = try store.interruptedRecording() else {
                throw LifeError.invalid(
                    field: "--finish", "--finish is given but no walk is being recorded, so there is nothing to finish")
            }
            recording = interrupted
        } else {
            if resume {
                guard let interrupted = try store.interruptedRecording() else {
                    throw LifeError(
                        kind: .invalidValue, field: "--resume",
                        message: "--resume is given but no walk is being recorded", remedy: .walksRecord)
                }
                recording = interrupted
            } else {
                recording = try store.startRecording(name: name)
            }
            if isatty(STDIN_FILENO) == 1 && !context.json {
                Terminal.writeError("recording: type lat,lon,time[,ele,accuracy] lines; Ctrl-D stops and saves")
            }
            var lineNumber = 0
            while let line = readLine(strippingNewline: true) {
                lineNumber += 1
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty || text.hasPrefix("#") { continue }
                // A header line (lat,lon,time…) is allowed first.
                if lineNumber == 1 && text.lowercased().hasPrefix("lat") { continue }
                do {
                    let point = try LivePoint.parse(csv: Substring(text), lineNumber: lineNumber)
                    let outcome = try store.append(point, to: &recording)
                    if ack && outcome == .stored {
                        Terminal.writeError("ack \(lineNumber) \(recording.pointCount)")
                    }
                } catch let error as LifeError where error.kind == .invalidValue {
                    refused += 1
                    let message =
                        error.message.hasPrefix("line ") ? error.message : "line \(lineNumber): \(error.message)"
                    Terminal.writeError("error: stdin \(message); skipped")
                }
            }
        }
        let stored = recording.pointCount
        let walk = try store.finishRecording(recording)
        if context.json {
            try JSONOutput.print(
                Report(walk: walk, pointsStored: stored, pointsDropped: recording.droppedCount, linesRefused: refused))
        } else if let walk {
            var note = "saved a walk of \(Format.count(stored, "point", "points"))"
            if recording.droppedCount > 0 {
                note += "; dropped \(Format.count(recording.droppedCount, "point", "points")) less accurate than 50 m"
            }
            Terminal.write(note)
            Terminal.write(
                WalkText.detail(walk, units: try store.units(), time: HumanTime.of(context)))
        } else {
            Terminal.write("no points were recorded; nothing was saved")
        }
        if refused > 0 { throw ExitCode(65) }
    }
}
