import LifeCore

extension HereafterStore {
    /// The chat of HA-7, from the messages as the library shows them.
    public func chat() throws -> [ChatLine] {
        HereafterChat.build(profile: try requireProfile(), messages: try messages())
    }
}
