# The suites `scripts/test --fast` leaves out, read from their tags
# (Tests/LifeKitTestSupport/Tags.swift): every `@Suite(...)` whose traits
# name `.endToEnd`, `.property` or `.server`. Swift Testing's `--filter` does
# not select by tag with this toolchain, so the tags are read from the
# sources and each tagged suite is skipped by name: the tag stays the one
# place that says what a suite needs.

# heavy_suites : prints the name of every suite tagged endToEnd, property or server.
heavy_suites() {
  python3 - <<'PY'
import pathlib, re
heavy = re.compile(r"\.(endToEnd|property|server)\b")
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    text = path.read_text()
    for match in re.finditer(r"@Suite(\((?:[^()]|\([^()]*(?:\([^()]*\))*[^()]*\))*\))?\s*(?:final\s+)?(?:struct|class|enum)\s+(\w+)", text):
        traits = match.group(1) or ""
        if ".tags(" in traits and heavy.search(traits.split(".tags(", 1)[1]):
            print(match.group(2))
PY
}

# untagged_heavy_suites : suites in the targets that are wholly end-to-end or
# server (LifectlTests, ServerTests) whose tags do not say so: a new suite
# there must carry its tag, or --fast would run it.
untagged_heavy_suites() {
  python3 - <<'PY'
import pathlib, re
for target, tag in (("LifectlTests", "endToEnd"), ("ServerTests", "server")):
    for path in sorted(pathlib.Path("Tests", target).glob("*.swift")):
        text = path.read_text()
        for match in re.finditer(r"@Suite(\((?:[^()]|\([^()]*(?:\([^()]*\))*[^()]*\))*\))?\s*(?:final\s+)?(?:struct|class|enum)\s+(\w+)", text):
            if "." + tag not in (match.group(1) or ""):
                print(f"{path}: suite {match.group(2)} is not tagged .{tag}")
        for match in re.finditer(r"^(?:final\s+)?class\s+(\w+)\s*:\s*XCTestCase", text, re.M):
            print(f"{path}: {match.group(1)} is an XCTest case; tests here are Swift Testing suites tagged .{tag}")
PY
}
