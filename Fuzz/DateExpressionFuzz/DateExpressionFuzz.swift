// SPEC REL-4 / CORE-6: a libFuzzer target for the date grammar. Built by
// scripts/fuzz with LifeCore's sources compiled into one module.
//
// The first two bytes pick "today" (any day from 1900 to 2100); the rest is
// the text. Properties checked on every input:
// - it never traps; a refusal is a LifeError of kind invalidValue that names
//   the field it was given;
// - an accepted date lies in CivilDate's range and reads back from its own
//   ISO form as the same date;
// - the same text in upper case means the same (words are case-insensitive).

@_cdecl("LLVMFuzzerTestOneInput")
public func dateExpressionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let offset = Int(bytes[0]) << 8 | Int(bytes[1])
    let today = CivilDate(daysSinceEpoch: -25_567 + offset % 73_049)
    let text = String(decoding: bytes[2...], as: UTF8.self)
    let result = Result { try DateExpression.dateTime(text, field: "--date", today: today) }
    switch result {
    case .success(let value):
        guard CivilDate.yearRange.contains(value.date.year) else { fatalError("year out of range: \(value.date)") }
        guard CivilDate(iso: value.date.description) == value.date else {
            fatalError("\(value.date) does not read back from its ISO form")
        }
        let upper = Result { try DateExpression.dateTime(text.uppercased(), field: "--date", today: today) }
        if case .success(let other) = upper, other.date != value.date || other.time != value.time {
            fatalError("upper case reads differently: \(text)")
        }
    case .failure(let error):
        guard let error = error as? LifeError, error.kind == .invalidValue else {
            fatalError("an error that is not a LifeError.invalidValue: \(error)")
        }
        guard error.field == "--date" else { fatalError("the error names another field: \(error)") }
    }
    return 0
}
