import Foundation
import LifeCore

/// The social graph of LT-6 and LT-8 as an account sees it: the reads and
/// writes that run on this device's database (`LifeTimerStore`) or on the
/// server (`LifeTimerServerStore`, SPEC SRV-2), with the same answers for
/// the same graph (REL-8). A front end holds one and need not know which.
public protocol LifeTimerSocialGraph {
    func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile
    func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount]
    func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount]
    func feed(viewer: LifeTimerAccount, limit: Int) throws -> [FeedItem]
    func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int) throws -> Leaderboard
    func search(_ text: String, viewer: LifeTimerAccount, limit: Int) throws -> [PublicAccount]
    @discardableResult func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool
    func unfollow(_ username: String, viewer: LifeTimerAccount) throws
    @discardableResult func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool
    func unblock(_ username: String, viewer: LifeTimerAccount) throws
    @discardableResult
    func report(_ subject: LifeTimerStore.ReportSubject, reason: String, by reporter: LifeTimerAccount) throws -> UUID
}

extension LifeTimerStore: LifeTimerSocialGraph {}

/// The checks every implementation of the social graph shares, so that the
/// device and the server refuse the same input with the same words.
public enum LifeTimerSocialRules {
    /// Feeds, leaderboards and searches: a limit within `LifeTimerRules.listLimits`.
    public static func checkLimit(_ limit: Int, voice: LifeTimerVoice = .english) throws {
        let range = LifeTimerRules.listLimits
        guard range.contains(limit) else {
            throw voice.invalid(
                "limit", .errorRange,
                ["value": String(limit), "min": String(range.lowerBound), "max": String(range.upperBound)])
        }
    }

    /// A username search's LIKE pattern (`%text%`, with `\`, `%` and `_`
    /// escaped by `\`), after checking the text: 1 to 30 characters once
    /// trimmed.
    public static func searchPattern(_ text: String, voice: LifeTimerVoice = .english) throws -> String {
        let needle = text.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty, needle.count <= LifeTimerRules.usernameLengths.upperBound else {
            throw voice.invalid(
                "text", .errorSearchText,
                ["value": TerminalText.echoed(text), "max": String(LifeTimerRules.usernameLengths.upperBound)])
        }
        let escaped = needle.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }

    /// The first instant of the "recently completed" leaderboard's window:
    /// 30 calendar days before `now` at the same wall-clock time in the
    /// viewer's zone.
    public static func recentWindowStart(now: Date, viewer: LifeTimerAccount) throws -> Date {
        CountdownRules.sameWallClock(
            as: now, daysLater: -LifeTimerRules.recentWindowDays, in: try TimeZoneSetting.zone(named: viewer.timeZone))
    }

    /// The error for an account the viewer cannot see or that does not
    /// exist: the same words for both, so nothing leaks.
    public static func notVisible(_ username: String, voice: LifeTimerVoice = .english) -> LifeError {
        voice.invalid("username", .errorNotVisible, ["value": TerminalText.echoed(username)])
    }
}
