/// One small chart of a statistics page (`lifectl stats --svg`): a product
/// fills it from its own figures; `StatisticsPicture` draws it.
public struct StatisticsChart: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A bar per point (a group of bars when there are several series).
        case bars
        /// A line per series.
        case lines
    }

    public struct Series: Sendable, Equatable {
        public let name: String
        /// `#rrggbb`.
        public let color: String
        /// One value per label; nil where there is nothing to draw (a week
        /// with no mood noted is no zero).
        public let values: [Double?]

        public init(name: String, color: String, values: [Double?]) {
            self.name = name
            self.color = color
            self.values = values
        }
    }

    public let title: String
    public let kind: Kind
    /// The points' names along the bottom (a date, a month); the first and
    /// the last are written.
    public let labels: [String]
    public let series: [Series]
    /// The top of the scale: 1 for shares (drawn as percents), nil to fit the values.
    public let maximum: Double?
    /// How a value is written at the top of the scale ("km", "%").
    public let unit: String

    public init(
        title: String, kind: Kind, labels: [String], series: [Series], maximum: Double? = nil, unit: String = ""
    ) {
        self.title = title
        self.kind = kind
        self.labels = labels
        self.series = series
        self.maximum = maximum
        self.unit = unit
    }
}
