import ArgumentParser
import Hereafter
import LifeCore

struct HereafterOnboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onboard",
        abstract: "Tell Hereafter your first name; running it again changes the name.",
        discussion: "Example: lifectl hereafter onboard --name Ada"
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Your first name, at most 50 characters.", valueName: "name"))
    var name: String

    func run() throws {
        let context = try CommandContext(options)
        let profile = try context.hereafterStore().onboard(firstName: name)
        let greeting = HereafterHost.greeting(firstName: profile.firstName)
        if context.json { return try JSONOutput.print(HereafterJSON.Profile(profile)) }
        Terminal.write(greeting)
    }
}
