import Foundation
import Hereafter
import LifeCore

/// The JSON shapes of `lifectl hereafter` (docs/json.md). A locked message's
/// document has no `text` and no `photo` key: the library never gave them.
enum HereafterJSON {
    struct Message: Encodable {
        let id: String
        let threadID: String
        let parentID: String?
        let latitude: Double
        let longitude: Double
        let place: String
        let placeName: String?
        let plantedOn: CivilDate
        let unlockDate: CivilDate?
        /// The instant it unlocks, fixed when it was planted.
        let unlockAt: Date?
        let createdAt: Date
        let discoveredAt: Date?
        let readAt: Date?
        let state: MessageState
        let locked: Bool
        let text: String?
        let photo: PhotoInfo?
        /// Who wrote it (HA-8: the seed's creatorID).
        let creatorID: String
        /// When its latest anniversary was told (HA-8).
        let anniversaryNudgedAt: Date?
        /// The zone its dates were fixed in (its lock is the start of
        /// `unlockDate` there).
        let timeZone: String?

        enum CodingKeys: String, CodingKey {
            case id, threadID = "threadId", parentID = "parentId", latitude, longitude, place, placeName, plantedOn,
                unlockDate, unlockAt, createdAt, discoveredAt, readAt, state, locked, text, photo,
                creatorID = "creatorId", anniversaryNudgedAt, timeZone
        }

        init(_ m: HereafterMessage, now: Date) {
            id = m.id.uuidString.lowercased()
            threadID = m.threadID.uuidString.lowercased()
            parentID = m.parentID?.uuidString.lowercased()
            latitude = m.coordinate.latitude
            longitude = m.coordinate.longitude
            place = m.placeLabel
            placeName = m.placeName
            plantedOn = m.plantedOn
            unlockDate = m.unlockDate
            unlockAt = m.unlockAt
            createdAt = m.createdAt
            discoveredAt = m.discoveredAt
            readAt = m.readAt
            state = m.state(at: now)
            locked = m.content.isLocked
            text = m.content.text
            photo = m.content.photo
            creatorID = m.creatorID.uuidString.lowercased()
            anniversaryNudgedAt = m.anniversaryNudgedAt
            timeZone = m.timeZone
        }
    }

    /// A message deleted (`hereafter delete`): what it was, never its
    /// words, locked or not (the deletion is no reading of it).
    struct Removed: Encodable {
        let id: String
        let threadID: String
        let parentID: String?
        let place: String
        let plantedOn: CivilDate
        let unlockDate: CivilDate?
        let discovered: Bool

        enum CodingKeys: String, CodingKey {
            case id, threadID = "threadId", parentID = "parentId", place, plantedOn, unlockDate, discovered
        }

        init(_ m: HereafterMessage) {
            id = m.id.uuidString.lowercased()
            threadID = m.threadID.uuidString.lowercased()
            parentID = m.parentID?.uuidString.lowercased()
            place = m.placeLabel
            plantedOn = m.plantedOn
            unlockDate = m.unlockDate
            discovered = m.discoveredAt != nil
        }
    }

    struct Thread: Encodable {
        let id: String
        let latitude: Double
        let longitude: Double
        let radiusMeters: Double
        let place: String
        let placeName: String?
        let createdAt: Date
        let messages: [Message]
        /// For each reply, the time since its parent ("2 years later").
        let replies: [Reply]
        /// HA-8 (the seed's ConversationThread): its earliest unlock date,
        /// and whether a message there has unlocked and is not read yet.
        let oldestUnlockDate: CivilDate?
        let hasUnreadUnlocked: Bool

        init(_ t: HereafterThread, now: Date) {
            id = t.id.uuidString.lowercased()
            latitude = t.centre.latitude
            longitude = t.centre.longitude
            radiusMeters = HereafterRules.radiusMeters
            place = t.placeLabel
            placeName = t.placeName
            createdAt = t.createdAt
            messages = t.messages.map { Message($0, now: now) }
            oldestUnlockDate = t.oldestUnlockDate
            hasUnreadUnlocked = t.hasUnreadUnlocked(at: now)
            let byID = Dictionary(uniqueKeysWithValues: t.messages.map { ($0.id, $0) })
            replies = t.messages.compactMap { m in
                guard let parentID = m.parentID, let parent = byID[parentID] else { return nil }
                return Reply(
                    id: m.id.uuidString.lowercased(), parentID: parentID.uuidString.lowercased(),
                    later: TimeLater.between(parent.plantedOn, m.plantedOn).phrase)
            }
        }
    }

    struct Reply: Encodable {
        let id: String
        let parentID: String
        let later: String

        enum CodingKeys: String, CodingKey {
            case id, parentID = "parentId", later
        }
    }

    struct Profile: Encodable {
        let firstName: String
        let onboardingCompleted: Bool
        let createdAt: Date
        let greeting: String
        let creatorID: String
        /// The kinds of notification muted (HA-8), sorted.
        let muted: [HereafterNotificationKind]

        enum CodingKeys: String, CodingKey {
            case firstName, onboardingCompleted, createdAt, greeting, creatorID = "creatorId", muted
        }

        init(_ profile: HereafterProfile) {
            firstName = profile.firstName
            onboardingCompleted = profile.onboardingCompleted
            createdAt = profile.createdAt
            greeting = HereafterHost.greeting(firstName: profile.firstName)
            creatorID = profile.creatorID.uuidString.lowercased()
            muted = profile.muted.sorted()
        }
    }

    struct Visit: Encodable {
        let latitude: Double
        let longitude: Double
        let discovered: [Message]
        let notifications: [UnlockNotification]
        let stillLocked: Int
        let nextUnlockDate: CivilDate?
        let nextUnlockAt: Date?
        /// HA-8: the anniversary nudges this visit gave.
        let anniversaries: [AnniversaryNudge]
    }

    struct Region: Encodable {
        let threadID: String
        let latitude: Double
        let longitude: Double
        let radiusMeters: Double
        let place: String
        let reason: GeofenceRegion.Reason
        let unlockDate: CivilDate?
        let unlockAt: Date?
        /// HA-8: the anniversary due there, if one is.
        let anniversary: CivilDate?
        let distanceMeters: Double

        enum CodingKeys: String, CodingKey {
            case threadID = "threadId", latitude, longitude, radiusMeters, place, reason, unlockDate, unlockAt,
                anniversary, distanceMeters
        }

        init(_ r: GeofenceRegion) {
            threadID = r.threadID.uuidString.lowercased()
            latitude = r.centre.latitude
            longitude = r.centre.longitude
            radiusMeters = r.radiusMeters
            place = r.placeName ?? HereafterHost.shortCoordinate(r.centre)
            reason = r.reason
            unlockDate = r.unlockDate
            unlockAt = r.unlockAt
            anniversary = r.anniversary
            distanceMeters = (r.distanceMeters * 10).rounded() / 10
        }
    }

    struct Geofences: Encodable {
        let latitude: Double
        let longitude: Double
        let regions: [Region]
        let added: [String]
        let removed: [String]
    }

    struct ChatBubble: Encodable {
        let speaker: ChatLine.Speaker
        let kind: ChatLine.Kind
        let at: Date
        let sentence: String?
        let message: Message?
        let later: String?

        init(_ line: ChatLine, now: Date) {
            speaker = line.speaker
            kind = line.kind
            at = line.at
            sentence = line.sentence
            message = line.message.map { Message($0, now: now) }
            later = line.later?.phrase
        }
    }
}
