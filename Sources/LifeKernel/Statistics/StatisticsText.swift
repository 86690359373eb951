import LifeCore

/// The way every product words a figure on a statistics page.
public enum StatisticsText {
    /// `0.8333` → "83%"; rounded half up to a whole percent.
    public static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded()))%"
    }

    /// "3 of 4 (75%)", or "0 of 0" without a share.
    public static func share(_ part: Int, of whole: Int) -> String {
        whole == 0
            ? "\(Format.grouped(part)) of \(Format.grouped(whole))"
            : "\(Format.grouped(part)) of \(Format.grouped(whole)) (\(percent(Double(part) / Double(whole))))"
    }
}
