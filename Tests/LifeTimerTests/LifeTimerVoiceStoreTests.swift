import Foundation
import LifeCore
import LifeDB
import LifeTimer
import Testing

/// Issue 32 through the store: the last sign-in identity stays, a
/// completion answers its streak, and a store speaking Brazilian
/// Portuguese raises its errors and makes its sentences in it.
@Suite struct LifeTimerVoiceStoreTests {
    static let portuguese = LifeTimerVoice(language: .ptBR)

    @Test func theLastSignInIdentityCannotBeUnlinked() throws {
        let fixture = try LifeTimerFixture()
        let store = try fixture.store()
        let ada = try store.createAccount(
            NewAccount(username: "ada", identity: IdentityLink(provider: .apple, subject: "001.ada")))
        let before = try fixture.content()
        let refused = try #require(throws: LifeError.self) {
            try store.unlinkIdentity(IdentityLink(provider: .apple, subject: "001.ada"), from: ada)
        }
        #expect(refused.exitCode == 64)
        #expect(refused.field == "identity")
        #expect(
            refused.message
                == "identity apple:001.ada is the last sign-in identity of ada, and an account keeps at least one once it has one; link another before unlinking this one"
        )
        #expect(try fixture.content() == before)
        // Linked to another first, the old one may go: one is always left.
        try store.linkIdentity(IdentityLink(provider: .google, subject: "g-7"), to: ada)
        try store.unlinkIdentity(IdentityLink(provider: .apple, subject: "001.ada"), from: ada)
        #expect(try #require(try store.account(id: ada.id)).identities.map(\.subject) == ["g-7"])
        let again = try #require(throws: LifeError.self) {
            try store.speaking(Self.portuguese).unlinkIdentity(
                IdentityLink(provider: .google, subject: "g-7"), from: ada)
        }
        #expect(
            again.message
                == "a identidade google:g-7 é a última identidade de login de ada, e uma conta que já tem uma mantém sempre pelo menos uma; vincule outra antes de desvincular esta"
        )
        // One not linked is told as such first, even on the last one's account.
        let missing = try #require(throws: LifeError.self) {
            try store.unlinkIdentity(IdentityLink(provider: .email, subject: "nope"), from: ada)
        }
        #expect(missing.message == "identity email:nope is not linked to ada")
    }

    /// Days 1–4 in São Paulo (UTC−3): each completion's streak, and a second
    /// one on the same day earns nothing new.
    @Test func aCompletionAnswersTheStreakItStartsOrExtends() throws {
        let fixture = try LifeTimerFixture(zone: "America/Sao_Paulo", at: "2026-11-20T12:00:00Z")
        let setup = try fixture.store(at: "2026-11-20T12:00:00Z")
        let ada = try setup.createAccount(NewAccount(username: "ada", timeZone: "America/Sao_Paulo"))
        try setup.addGoal(for: ada, title: "Nadar")
        for step in 1...6 { try setup.addMilestone(for: ada, goal: 1, title: "Volta \(step)") }
        func complete(_ step: Int, at iso: String) throws -> StreakUpdate {
            try fixture.store(at: iso).completeMilestone(for: ada, MilestoneRef(goal: 1, position: step)).streak
        }
        // 02:00 UTC on the 21st is still the 20th, 23:00, in São Paulo.
        #expect(try complete(1, at: "2026-11-21T02:00:00Z") == StreakUpdate(days: 1, newDay: true))
        #expect(try complete(2, at: "2026-11-21T12:00:00Z") == StreakUpdate(days: 2, newDay: true))
        let third = try complete(3, at: "2026-11-22T12:00:00Z")
        #expect(third == StreakUpdate(days: 3, newDay: true))
        #expect(third.earned && third.started)
        let sameDay = try complete(4, at: "2026-11-22T20:00:00Z")
        #expect(sameDay == StreakUpdate(days: 3, newDay: false))
        #expect(!sameDay.earned)
        let fourth = try complete(5, at: "2026-11-23T12:00:00Z")
        #expect(fourth.earned && !fourth.started && fourth.days == 4)
        // A day missed: the next completion starts again at 1.
        #expect(try complete(6, at: "2026-11-25T12:00:00Z") == StreakUpdate(days: 1, newDay: true))
        // A goal's completion answers it too, and so does a repeated one.
        let goal = try fixture.store(at: "2026-11-26T12:00:00Z").completeGoal(for: ada, number: 1)
        #expect(goal.streak == StreakUpdate(days: 2, newDay: true))
        #expect(goal.goal.isCompleted)
    }

    @Test func aStoreSpeakingPortugueseRaisesItsErrorsInIt() throws {
        let fixture = try LifeTimerFixture(zone: "America/Sao_Paulo", at: "2026-11-22T17:00:00Z")
        let store = try fixture.store(at: "2026-11-22T17:00:00Z").speaking(
            LifeTimerVoice(language: .ptBR, zone: try #require(TimeZone(identifier: "America/Sao_Paulo"))))
        let ada = try store.createAccount(NewAccount(username: "ada", timeZone: "America/Sao_Paulo"))
        let none = try #require(throws: LifeError.self) { try store.start(for: ada) }
        #expect(none.message == "a contagem regressiva precisa de pelo menos uma meta")
        #expect(none.remedy == .lifeTimerGoalAdd)
        try store.addGoal(for: ada, title: "Correr uma maratona")
        try store.start(for: ada)
        // The countdown started at 14:00 in São Paulo, where it runs.
        let locked = try #require(throws: LifeError.self) { try store.addGoal(for: ada, title: "Outra") }
        #expect(
            locked.message
                == "não é possível adicionar uma meta: a contagem regressiva começou em 22 de novembro de 2026 às 14:00, e desde então a lista de metas e os títulos delas estão travados (descrições, marcos e conclusão ainda podem mudar)"
        )
        let again = try #require(throws: LifeError.self) { try store.start(for: ada) }
        #expect(
            again.message
                == "a contagem regressiva já começou em 22 de novembro de 2026 às 14:00 e termina em 9 de agosto de 2030 às 14:00; ela não pode ser reiniciada, pausada nem estendida"
        )
        let unknown = try #require(throws: LifeError.self) {
            try store.completeMilestone(for: ada, MilestoneRef(goal: 1, position: 2))
        }
        #expect(unknown.message == "o marco 1.2 não existe; a meta 1 não tem marcos")
        let hidden = try #require(throws: LifeError.self) { try store.follow("ghost", viewer: ada) }
        #expect(hidden.message == "nenhuma conta que você possa ver se chama 'ghost'")
        // The same store in English says what it always said.
        let english = try #require(throws: LifeError.self) {
            try fixture.store(at: "2026-11-22T17:00:00Z").addGoal(for: ada, title: "Outra")
        }
        #expect(
            english.message
                == "cannot add a goal: the countdown started on 22 November 2026 at 14:00, and the list of goals and their titles are locked from then on (descriptions, milestones and completion may still change)"
        )
    }

    @Test func notificationsAndMessagesSpeakTheStoresLanguage() throws {
        let fixture = try LifeTimerFixture(zone: "UTC", at: "2026-11-22T12:00:00Z")
        let store = try fixture.store(at: "2026-11-22T12:00:00Z").speaking(Self.portuguese)
        let ada = try store.createAccount(NewAccount(username: "ada", timeZone: "UTC"))
        try store.addGoal(for: ada, title: "Ver a aurora")
        try store.addMilestone(
            for: ada, goal: 1, title: "Comprar um gorro", due: try LifeTimerFixture.date("2026-12-01"))
        try store.updateNotificationPreferences(of: ada) { $0.advanceDays = 3 }
        try store.start(for: ada)
        let list = try store.notifications(for: ada, from: try LifeTimerFixture.date("2026-11-22"), days: 10)
        let bodies = list.map { "\(Timestamp.iso8601($0.fireAt)) \($0.kind.rawValue) \($0.body)" }
        // The start is at 12:00, after the 09:00 reminder of its own day.
        #expect(
            bodies.contains(
                "2026-11-23T09:00:00Z reminder Faltam 1.355 dias dos seus 1.356. O que você vai fazer com o dia de hoje?"
            ))
        #expect(
            bodies.contains(
                "2026-11-28T09:00:00Z milestone Faltam 3 dias para o prazo do marco, 1º de dezembro de 2026: Comprar um gorro"
            ))
        #expect(bodies.contains("2026-12-01T09:00:00Z milestone Marco com prazo para hoje: Comprar um gorro"))
        let progress = try store.progress(for: ada)
        #expect(progress.pace == .onTrack)
        #expect(progress.message == "No ritmo certo. Passos pequenos, toda semana.")
        #expect(ProgressRules.paceName(.onTrack, voice: Self.portuguese) == "no ritmo")
    }
}
