import ArgumentParser
import Foundation
import Hereafter
import LifeCore

struct HereafterGeofences: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geofences",
        abstract: "The regions to monitor from here now (at most 20 of 150 m), and the change from before.",
        discussion: """
            Among places within 10 km, ranked: a message unlocked and waiting to be discovered first, then an anniversary of a discovery (unless muted), then the nearest upcoming unlock date, then distance.
            --previous takes the thread ids registered before (as the device lists them); the answer says what to add and remove.
            Example: lifectl hereafter geofences --at 52.52,13.40 --previous e9b3a9f6-51c2-4d0e-9a7b-3c8f1d2e4a60
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Where you are, in decimal degrees.", valueName: "lat,lon"))
    var at: Typed<Coordinate>

    @Option(
        name: .long,
        help: ArgumentHelp("The thread ids registered before, comma-separated (whole ids).", valueName: "ids"))
    var previous: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let position = try at.value("--at")
        let previousIDs = try (previous ?? "").split(separator: ",").map { part -> UUID in
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let id = UUID(uuidString: text) else {
                throw LifeError.invalid(
                    field: "--previous", "--previous holds '\(text)'; expected whole thread ids separated by commas")
            }
            return id
        }
        let plan = try store.geofences(at: position, previous: previousIDs)
        if context.json {
            return try JSONOutput.print(
                HereafterJSON.Geofences(
                    latitude: position.latitude, longitude: position.longitude,
                    regions: plan.regions.map(HereafterJSON.Region.init),
                    added: plan.added.map { $0.uuidString.lowercased() },
                    removed: plan.removed.map { $0.uuidString.lowercased() }))
        }
        var lines: [String] = []
        if plan.regions.isEmpty {
            lines.append("No region to monitor within 10 km.")
        } else {
            let units = try store.units()
            var table = TextTable([.right, .left, .left, .left, .right, .left])
            table.add("#", "thread", "why", "unlocks", "distance", "place")
            for (rank, region) in plan.regions.enumerated() {
                table.add(
                    "\(rank + 1)", HereafterText.short(region.threadID), region.reason.rawValue,
                    region.reason == .anniversary
                        ? (region.anniversary.map { "anniversary \($0.iso)" } ?? "—")
                        : (region.unlockDate?.iso ?? "—"),
                    HereafterText.distance(region.distanceMeters, units: units),
                    region.placeName ?? HereafterHost.shortCoordinate(region.centre))
            }
            lines.append(table.render())
        }
        lines.append(
            "add:    " + (plan.added.isEmpty ? "—" : plan.added.map(HereafterText.short).joined(separator: ", ")))
        lines.append(
            "remove: " + (plan.removed.isEmpty ? "—" : plan.removed.map(HereafterText.short).joined(separator: ", ")))
        Terminal.write(lines.joined(separator: "\n"))
    }
}
