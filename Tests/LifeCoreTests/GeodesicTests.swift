import LifeCore
import Testing

@Suite struct GeodesicTests {
    /// Vincenty's own worked example (Survey Review, 1975; Geoscience Australia):
    /// Flinders Peak to Buninyong, 54,972.271 m.
    @Test func flindersPeakToBuninyong() {
        let distance = Geodesic.distanceMeters(
            latitude1: -(37 + 57 / 60.0 + 3.72030 / 3600), longitude1: 144 + 25 / 60.0 + 29.52440 / 3600,
            latitude2: -(37 + 39 / 60.0 + 10.15610 / 3600), longitude2: 143 + 55 / 60.0 + 35.38390 / 3600)
        #expect(abs(distance - 54_972.271) < 0.001)
    }

    /// One degree of longitude on the equator is a / 1 rad · π/180 exactly.
    @Test func oneDegreeAlongTheEquator() {
        let distance = Geodesic.distanceMeters(latitude1: 0, longitude1: 10, latitude2: 0, longitude2: 11)
        #expect(abs(distance - 6_378_137.0 * Double.pi / 180) < 1e-6)
    }

    /// Across the 180° meridian the short way round: 0.002° of longitude.
    @Test func acrossTheAntimeridian() {
        let distance = Geodesic.distanceMeters(latitude1: 0, longitude1: 179.999, latitude2: 0, longitude2: -179.999)
        #expect(abs(distance - 6_378_137.0 * Double.pi / 180 * 0.002) < 1e-6)
    }

    @Test func samePointIsZero() {
        #expect(Geodesic.distanceMeters(latitude1: 45, longitude1: 7, latitude2: 45, longitude2: 7) == 0)
    }

    /// Nearly antipodal points do not converge; the answer stays finite and
    /// near half the meridian (20,003,931 m).
    @Test func nearlyAntipodalStaysFinite() {
        let distance = Geodesic.distanceMeters(latitude1: 0, longitude1: 0, latitude2: 0.5, longitude2: 179.7)
        #expect(distance.isFinite)
        #expect(abs(distance - 20_003_931) / 20_003_931 < 0.01)
    }
}
