import LifeCore
import Testing

/// Numbers a person types are decimal only (one parser, `DecimalInput`):
/// `Double(String)` would also take hexadecimal, exponents, nan and inf.
@Suite struct DecimalInputTests {
    @Test(arguments: [
        ("48.8584", 48.8584), ("-0.5", -0.5), ("+3", 3), ("16", 16), (".5", 0.5), ("5.", 5), ("-90", -90),
        ("007.250", 7.25),
    ])
    func decimalsAreRead(text: String, value: Double) {
        #expect(DecimalInput.double(text) == value)
    }

    @Test(arguments: [
        "0x10", "0X1p4", "1e3", "1E-2", "nan", "NaN", "inf", "-infinity", " 1", "1 ", "", "+", "-", ".", "1.2.3",
        "1-2", "--1", "+-1", "1_000", "1,5", "١٢", "１２", "٫5", "0x", "1e", "½",
    ])
    func everythingElseIsRefused(text: String) {
        #expect(DecimalInput.double(text) == nil, "\(text)")
    }

    @Test func aNumberTooLargeForADoubleIsInfiniteForTheRangeCheckToRefuse() throws {
        #expect(DecimalInput.double("1" + String(repeating: "0", count: 400)) == .infinity)
        let error = #expect(throws: LifeError.self) {
            try DecimalInput.double("1" + String(repeating: "0", count: 400), field: "--size", example: "512")
        }
        #expect(error?.field == "--size")
        #expect(try DecimalInput.double("512", field: "--size", example: "512") == 512)
        let hex = #expect(throws: LifeError.self) { try DecimalInput.double("0x10", field: "--size", example: "512") }
        #expect(hex?.message == "--size is '0x10'; expected a decimal number such as 512")
        #expect(hex?.exitCode == 64)
    }

    @Test(arguments: [("1900", 1900), ("+12", 12), ("-3", -3), ("0", 0)])
    func integers(text: String, value: Int) {
        #expect(DecimalInput.integer(text) == value)
    }

    @Test(arguments: ["1.0", "0x10", "1e3", " 1", "", "99999999999999999999", "+", "١"])
    func notIntegers(text: String) {
        #expect(DecimalInput.integer(text) == nil, "\(text)")
    }

    /// docs/finite.md: a week is `1850` or `1,850`; commas only as thousands grouping.
    @Test(arguments: [
        ("1850", 1850), ("1,850", 1850), ("850", 850), ("12,345,678", 12_345_678), ("1,000,000", 1_000_000),
        ("-1,850", -1850), ("0,001", 1),
    ])
    func groupedIntegers(text: String, value: Int) {
        #expect(DecimalInput.groupedInteger(text) == value)
    }

    @Test(arguments: [
        "1,85", "18,50", ",1850", "1850,", "1,8,5,0", "1850,000", "1,,850", ",", "1,85a", "1,8500", "-,850",
        "1, 850", "0x1,850",
    ])
    func badGroupingIsRefused(text: String) {
        #expect(DecimalInput.groupedInteger(text) == nil, "\(text)")
    }

    @Test func coordinatesAreDecimalDegrees() throws {
        #expect(try Coordinate.parse("16,1", field: "--at") == (try Coordinate(latitude: 16, longitude: 1)))
        #expect(try Coordinate.parse(" -0.5 , 2. ", field: "--at") == (try Coordinate(latitude: -0.5, longitude: 2)))
        for text in ["0x10,1", "1,0x10", "1e1,1", "inf,0", "0,-inf", "nan,0", "0x1p3,0", "1,1,1", "1"] {
            let error = #expect(throws: LifeError.self) { try Coordinate.parse(text, field: "--at") }
            #expect(error?.field == "--at", "\(text)")
            #expect(
                error?.message == "--at is '\(text)'; expected LAT,LON in decimal degrees such as 48.8584,2.2945",
                "\(text)")
        }
    }
}
