import LifeTimer

/// LifeTimer's typed options read in its voice: a wrong value is refused in
/// the account's language (`--visibility` in pt-BR), as its other errors are.
extension Typed where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    func choice(_ field: String, voice: LifeTimerVoice) throws -> Value {
        try LifeTimerText.choice(text, field: field, as: Value.self, voice: voice)
    }
}

extension Typed where Value == Switch {
    func isOn(_ field: String, voice: LifeTimerVoice) throws -> Bool {
        try LifeTimerText.onOff(text, field: field, voice: voice)
    }
}
