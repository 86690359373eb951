import Finite
import LifeCore

// The value types of the library that the command line takes as typed
// options (CORE-13): help lists their values and the shells complete them.
// Each keeps its own rule's refusal where it has one (`ViewMode.parse`).

extension ViewMode: ArgumentType {}

extension Units: ArgumentType {}
