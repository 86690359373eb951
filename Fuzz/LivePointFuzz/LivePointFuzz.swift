// SPEC REL-4 / WALK-2: a libFuzzer target for the `walks record` line parser
// (LivePoint.parse). Built by scripts/fuzz with the sources of LifeCore, LifeDB
// and Walks compiled as one module.
//
// Properties checked on every input line:
// - it never traps; a refusal is a LifeError of kind invalidValue whose
//   message names the line number;
// - an accepted point has a latitude in -90…90, a longitude in -180…180,
//   finite numbers, and an accuracy of 0 or more;
// - an accepted point written back as `lat,lon,unix-seconds,ele,accuracy`
//   (plain decimals: the line takes no exponent) parses to the same point
//   (to the millisecond), when its time is within the ±1e11 s that Unix
//   seconds may take.

@_cdecl("LLVMFuzzerTestOneInput")
public func livePointFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let result = Result { try LivePoint.parse(csv: Substring(text), lineNumber: 7) }
    switch result {
    case .success(let point):
        guard (-90...90).contains(point.latitude), (-180...180).contains(point.longitude) else {
            fatalError("a point outside the globe: \(point)")
        }
        if let accuracy = point.accuracyMeters, !(accuracy >= 0 && accuracy.isFinite) {
            fatalError("accuracy \(accuracy) accepted")
        }
        if let elevation = point.elevationMeters, !elevation.isFinite { fatalError("elevation \(elevation) accepted") }
        let seconds = Double(point.timeMilliseconds) / 1000
        // Unix seconds are read up to 1e11; an ISO instant may lie further out.
        guard abs(seconds) < 1e11 else { return 0 }
        let line = [
            plainDecimal(point.latitude), plainDecimal(point.longitude), plainDecimal(seconds),
            point.elevationMeters.map(plainDecimal) ?? "", point.accuracyMeters.map(plainDecimal) ?? "",
        ].joined(separator: ",")
        guard let again = try? LivePoint.parse(csv: Substring(line), lineNumber: 1) else {
            fatalError("the point written back is refused: \(line)")
        }
        guard again == point else { fatalError("the point written back reads differently: \(line) \(again) \(point)") }
    case .failure(let error):
        guard let error = error as? LifeError, error.kind == .invalidValue, error.message.contains("line 7") else {
            fatalError("an unexpected refusal: \(error)")
        }
    }
    return 0
}

/// `value` as a plain decimal with no exponent: Swift's shortest digits that
/// read back as the same double ("1e-05" becomes "0.00001").
func plainDecimal(_ value: Double) -> String {
    let text = "\(value)"
    guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    let exponent = Int(text[text.index(after: e)...]) ?? 0
    var mantissa = Substring(text[..<e])
    let negative = mantissa.first == "-"
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    var digits = parts.joined()
    var point = parts[0].count + exponent
    if point <= 0 {
        digits = String(repeating: "0", count: 1 - point) + digits
        point = 1
    }
    if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
    let split = digits.index(digits.startIndex, offsetBy: point)
    return (negative ? "-" : "") + digits[..<split] + "." + digits[split...]
}
