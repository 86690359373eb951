import Foundation
import LifeCore

/// The whole story as a chat (SPEC HA-7), pure: from the profile and the
/// messages (as the store hands them out) to bubbles in time order.
///
/// The order: the greeting; before the first message, the location ask;
/// each message at the time it was planted, and after the first one the
/// notification ask; after each message with an unlock date, "You left
/// something here. It opens on …" (what the host said then); at each discovery, the notification's
/// sentence; at the latest anniversary told, its nudge. Replies show the
/// time since the message they answer.
public enum HereafterChat {
    /// `zone`: the owner's, for the days an anniversary counts in.
    public static func build(profile: HereafterProfile, messages: [HereafterMessage], zone: TimeZone) -> [ChatLine] {
        var events: [(at: Date, order: Int, line: ChatLine)] = []
        var order = 0
        func add(
            _ kind: ChatLine.Kind, at: Date, sentence: String? = nil, message: HereafterMessage? = nil,
            later: TimeLater? = nil
        ) {
            events.append((at, order, ChatLine(kind: kind, at: at, sentence: sentence, message: message, later: later)))
            order += 1
        }
        add(.greeting, at: profile.createdAt, sentence: HereafterHost.greeting(firstName: profile.firstName))
        let sorted = messages.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
        let byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) })
        var toldAnniversaries: Set<String> = []
        for (index, message) in sorted.enumerated() {
            if index == 0 { add(.askLocation, at: message.createdAt, sentence: HereafterHost.askLocation) }
            if let parentID = message.parentID {
                let later = byID[parentID].map { TimeLater.between($0.plantedOn, message.plantedOn) }
                add(.reply, at: message.createdAt, message: message, later: later)
            } else {
                add(.message, at: message.createdAt, message: message)
            }
            if index == 0 { add(.askNotifications, at: message.createdAt, sentence: HereafterHost.askNotifications) }
            if let unlock = message.unlockDate {
                add(.planted, at: message.createdAt, sentence: HereafterHost.planted(unlock: unlock))
                if let discovered = message.discoveredAt {
                    add(
                        .unlocked, at: discovered,
                        sentence: HereafterHost.notificationBody(
                            place: message.placeLabel, plantedOn: message.plantedOn))
                    // HA-8: the latest anniversary told, in the words it was
                    // told in: once for a place, as the visit told it.
                    if let nudged = message.anniversaryNudgedAt,
                        toldAnniversaries.insert("\(message.threadID) \(nudged.timeIntervalSince1970)").inserted
                    {
                        let years = TimeLater.between(
                            CivilDate.of(discovered, in: zone), CivilDate.of(nudged, in: zone))
                        if case .years(let count) = years {
                            add(
                                .anniversary, at: nudged,
                                sentence: HereafterHost.anniversaryBody(place: message.placeLabel, years: count))
                        }
                    }
                }
            }
        }
        return events.sorted { ($0.at, $0.order) < ($1.at, $1.order) }.map(\.line)
    }
}
