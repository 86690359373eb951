import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension DailyMenuProduct {
    /// The rituals of the page's days and the warmth on its last day.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let session = DailyMenuSession(db, clock: .fixed(request.now))
        let span = request.span
        let completions = try session.completions(through: span.upperBound)
        let titles = Dictionary(
            try session.activities().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rituals = completions.filter { span.contains($0.localDay) }
            .sorted { ($0.localDay, $0.localTime.description) < ($1.localDay, $1.localTime.description) }
            .map {
                DailyMenuTimelineSection.Ritual(
                    day: $0.localDay, time: $0.localTime.description, activity: titles[$0.activityID] ?? $0.activityID,
                    beforeMood: $0.beforeMood?.rawValue, afterMood: $0.afterMood?.rawValue,
                    feedback: $0.feedback?.rawValue)
            }
        let activeDays = Set(completions.map(\.localDay).filter { $0 <= span.upperBound })
        let warmth = Warmth.value(activeDays: activeDays, through: span.upperBound)
        return DailyMenuTimelineSection(rituals: rituals, warmth: warmth, warmthLevel: WarmthLevel.of(warmth).rawValue)
    }
}
