import LifeKitTestSupport
import Testing

/// A number starting with a minus sign is a value, never taken for an option
/// (SPEC CORE-7): a southern latitude is accepted, and a negative count is
/// refused by its rule, not by "Missing value for '--limit'".
@Suite(.tags(.endToEnd)) struct NegativeNumberTests {
    @Test func aSouthernLatitudeIsAValue() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "sam").status == 0)
        let add = try cli.run(
            "lifetimer", "goal", "add", "Table Mountain", "--at", "-33.9628,-18.4")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try cli.sqlite("SELECT latitude || ',' || longitude FROM lifetimer_goals") == "-33.9628,-18.4")
    }

    @Test(arguments: [
        (["walks", "list", "--limit", "-1"], "error: --limit is -1; it must be 1 or more"),
        (["lifetimer", "notifications", "--days", "-1"], "error: days is -1; it must be from 1 to 1,500"),
        (["lifetimer", "feed", "--limit", "-5"], "error: limit is -5; it must be from 1 to 500"),
        (
            ["lifetimer", "goal", "add", "Pole", "--at", "-91,0"],
            "error: latitude is -91.0; it must be from -90 to 90"
        ),
    ])
    func aNegativeNumberGetsItsRule(arguments: [String], message: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "sam").status == 0)
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }
}
