import DailyMenu
import Testing

/// DM-5: seasons by total Moments, each after the first unlocking something.
@Suite struct SeasonTests {
    @Test func fromFirstLightToEternalGarden() {
        let seasons = DailyMenuRules.seasons
        #expect(seasons.count >= 6)
        #expect(seasons.first?.name == "First Light")
        #expect(seasons.last?.name == "Eternal Garden")
        #expect(seasons.map(\.number) == Array(1...seasons.count))
        #expect(seasons.map(\.threshold) == [0, 100, 250, 500, 900, 1_500, 2_500])
        #expect(seasons.dropFirst().allSatisfy { $0.unlock != nil })
        let themes = seasons.compactMap { if case .theme(let theme) = $0.unlock { theme } else { nil } }
        #expect(Set(themes) == Set(ColourTheme.allCases))
    }

    @Test(arguments: [
        (0, "First Light", 100, 0.0), (99, "First Light", 1, 0.99), (100, "Morning Dew", 150, 0.0),
        (249, "Morning Dew", 1, 149.0 / 150.0), (250, "Spring Bloom", 250, 0.0), (2_499, "Autumn Hearth", 1, 0.999),
        (2_500, "Eternal Garden", 0, 1.0), (10_000, "Eternal Garden", 0, 1.0),
    ])
    func progress(moments: Int, season: String, toNext: Int, fraction: Double) {
        let progress = SeasonProgress(moments: moments)
        #expect(progress.season.name == season)
        #expect(progress.momentsToNext == toNext)
        #expect(abs(progress.fraction - fraction) < 1e-9)
    }

    @Test func unlocksAccumulate() {
        #expect(SeasonProgress(moments: 0).unlockedPacks == [])
        #expect(SeasonProgress(moments: 250).unlockedPacks == ["slow-mornings"])
        #expect(SeasonProgress(moments: 250).unlockedThemes == [.morningCafe])
        #expect(SeasonProgress(moments: 2_500).unlockedPacks == ["slow-mornings", "kitchen-garden", "starlight"])
        #expect(SeasonProgress(moments: 1_500).unlockedThemes == [.morningCafe, .gardenParty, .sunsetBistro])
    }
}
