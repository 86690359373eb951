import LifeKernel

/// A JSON key named at run time: a page's window, then each product's
/// section under the key the product gives it (`TimelinePage`, `StatisticsPage`).
struct SectionKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
