#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inverse geodesic problem (the distance between two points) by
/// C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87 (2013) 43–55,
/// transcribed from GeographicLib's `Geodesic._GenInverse` (series to
/// order 6, as GeographicLib is built) for the distance alone.
///
/// Unlike Vincenty's iteration it converges for every pair of points,
/// nearly antipodal ones included (an astroid gives the starting azimuth,
/// then Newton's method safeguarded by bisection), and agrees with
/// GeographicLib to the nanometre. Only an oblate ellipsoid (f > 0, as
/// WGS-84) is handled.
struct KarneyInverse: Sendable {
    static let wgs84 = KarneyInverse(equatorialRadius: Geodesic.equatorialRadius, flattening: Geodesic.flattening)

    private static let order = 6
    private static let maxit1 = 20
    private static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
    private static let tiny = Double.leastNormalMagnitude.squareRoot()
    private static let tol0 = Double.ulpOfOne
    private static let tol1 = 200 * tol0
    private static let tol2 = tol0.squareRoot()
    private static let tolb = tol0
    private static let xthresh = 1000 * tol2

    private let a: Double
    private let f: Double
    private let f1: Double
    private let ep2: Double
    private let n: Double
    private let b: Double
    private let etol2: Double
    private let a3x: [Double]
    private let c3x: [Double]

    init(equatorialRadius: Double, flattening: Double) {
        a = equatorialRadius
        f = flattening
        f1 = 1 - f
        let e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
        a3x = Self.a3Coefficients(n)
        c3x = Self.c3Coefficients(n)
    }

    /// The geodesic distance in metres between two positions in degrees.
    func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        var (lon12, lon12s) = Self.angleDifference(longitude1, longitude2)
        var lonsign = Double(signOf: lon12, magnitudeOf: 1)
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * (.pi / 180)
        let (slam12, clam12) = Self.sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s  // the supplementary longitude difference

        var lat1 = Self.angleRound(abs(latitude1) > 90 ? .nan : latitude1)
        var lat2 = Self.angleRound(abs(latitude2) > 90 ? .nan : latitude2)
        // Make lat1 the one farther from the equator, and negative.
        if abs(lat1) < abs(lat2) || lat2.isNaN {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign = Double(signOf: -lat1, magnitudeOf: 1)
        lat1 *= latsign
        lat2 *= latsign

        var (sbet1, cbet1) = Self.sincosd(lat1)
        sbet1 *= f1
        (sbet1, cbet1) = Self.norm(sbet1, cbet1)
        cbet1 = max(Self.tiny, cbet1)
        var (sbet2, cbet2) = Self.sincosd(lat2)
        sbet2 *= f1
        (sbet2, cbet2) = Self.norm(sbet2, cbet2)
        cbet2 = max(Self.tiny, cbet2)
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var c1a = [Double](repeating: 0, count: Self.order + 1)
        var c2a = [Double](repeating: 0, count: Self.order + 1)
        var c3a = [Double](repeating: 0, count: Self.order)

        var meridian = lat1 == -90 || slam12 == 0
        var s12x = 0.0
        if meridian {
            // Along a meridian: head to the target longitude, arrive heading north.
            let calp1 = clam12
            let calp2 = 1.0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            var sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let lengths = self.lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2, dn2: dn2,
                distance: true, reducedLength: true, c1a: &c1a, c2a: &c2a)
            s12x = lengths.s12b
            var m12x = lengths.m12b
            if sig12 < Self.tol2 || m12x >= 0 {
                if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                s12x *= b
            } else {
                meridian = false  // m12 < 0: a shorter path goes over a pole
            }
        }
        if !meridian && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator.
            s12x = a * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, sbet2: sbet2, cbet2: cbet2, lam12: lam12, slam12: slam12,
                clam12: clam12)
            if start.sig12 >= 0 {
                // Short and close to the auxiliary sphere's solution.
                s12x = start.sig12 * b * start.dnm
            } else {
                var salp1 = start.salp1
                var calp1 = start.calp1
                var numit = 0
                var tripn = false
                var tripb = false
                var salp1a = Self.tiny
                var calp1a = 1.0
                var salp1b = Self.tiny
                var calp1b = -1.0
                var solution: Lambda
                while true {
                    solution = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2, salp1: salp1,
                        calp1: calp1, slam120: slam12, clam120: clam12, derivative: numit < Self.maxit1, c1a: &c1a,
                        c2a: &c2a, c3a: &c3a)
                    let v = solution.lam12
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Self.tol0) || numit == Self.maxit2 { break }
                    // Keep the bracket [alp1a, alp1b] around the root.
                    if v > 0 && (numit > Self.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > Self.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit < Self.maxit1 && solution.dlam12 > 0 {
                        let dalp1 = -v / solution.dlam12
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1)
                            let cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                (salp1, calp1) = Self.norm(salp1, calp1)
                                tripn = abs(v) <= 16 * Self.tol0
                                continue
                            }
                        }
                    }
                    // Newton's step left the bracket or did not help: bisect.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    (salp1, calp1) = Self.norm(salp1, calp1)
                    tripn = false
                    tripb =
                        abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
                }
                let lengths = self.lengths(
                    eps: solution.eps, sig12: solution.sig12, ssig1: solution.ssig1, csig1: solution.csig1,
                    dn1: dn1, ssig2: solution.ssig2, csig2: solution.csig2, dn2: dn2, distance: true,
                    reducedLength: false, c1a: &c1a, c2a: &c2a)
                s12x = lengths.s12b * b
            }
        }
        return 0 + s12x
    }

    // MARK: - Steps of the solution

    /// s12b = distance / b, m12b = reduced length / b, m0 its secular coefficient.
    private func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double, ssig2: Double, csig2: Double,
        dn2: Double, distance: Bool, reducedLength: Bool, c1a: inout [Double], c2a: inout [Double]
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        var s12b = Double.nan
        var m12b = Double.nan
        var m0 = Double.nan
        var a1 = Self.a1m1(eps)
        Self.c1(eps, &c1a)
        var a2 = 0.0
        var m0x = 0.0
        if reducedLength {
            a2 = Self.a2m1(eps)
            Self.c2(eps, &c2a)
            m0x = a1 - a2
            a2 = 1 + a2
        }
        a1 = 1 + a1
        var j12 = 0.0
        if distance {
            let b1 = Self.sinCosSeries(true, ssig2, csig2, c1a) - Self.sinCosSeries(true, ssig1, csig1, c1a)
            s12b = a1 * (sig12 + b1)
            if reducedLength {
                let b2 = Self.sinCosSeries(true, ssig2, csig2, c2a) - Self.sinCosSeries(true, ssig1, csig1, c2a)
                j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if reducedLength {
            for l in 1..<Self.order { c2a[l] = a1 * c1a[l] - a2 * c2a[l] }
            j12 =
                m0x * sig12 + (Self.sinCosSeries(true, ssig2, csig2, c2a) - Self.sinCosSeries(true, ssig1, csig1, c2a))
        }
        if reducedLength {
            m0 = m0x
            m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return (s12b, m12b, m0)
    }

    /// A starting azimuth for Newton's method; sig12 ≥ 0 when the short-line
    /// solution is already the answer (then dnm scales it).
    private func inverseStart(
        sbet1: Double, cbet1: Double, sbet2: Double, cbet2: Double, lam12: Double, slam12: Double,
        clam12: Double
    ) -> (sig12: Double, salp1: Double, calp1: Double, dnm: Double) {
        var sig12 = -1.0
        var dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1
        sbet12a += cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * (somg12 * somg12) / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if shortline && ssig12 < etol2 {
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Nothing: the azimuth from the auxiliary sphere is good enough.
        } else {
            // Nearly antipodal: scale to the astroid problem (f > 0 only).
            let lam12x = atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamscale = f * cbet1 * a3(eps) * .pi
            let betscale = lamscale * cbet1
            let x = lam12x / lamscale
            let y = sbet12a / betscale
            if y > -Self.tol1 && x > -1 - Self.xthresh {
                salp1 = min(1.0, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (-x * k / (1 + k))
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * (somg12 * somg12) / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = Self.norm(salp1, calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return (sig12, salp1, calp1, dnm)
    }

    private struct Lambda {
        var lam12: Double
        var sig12: Double
        var ssig1: Double
        var csig1: Double
        var ssig2: Double
        var csig2: Double
        var eps: Double
        var dlam12: Double
    }

    /// The longitude difference reached (minus the one wanted) starting at
    /// azimuth alp1, and its derivative.
    private func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double, salp1: Double,
        calp1 calp1In: Double, slam120: Double, clam120: Double, derivative: Bool, c1a: inout [Double],
        c2a: inout [Double], c3a: inout [Double]
    ) -> Lambda {
        let calp1 = sbet1 == 0 && calp1In == 0 ? -Self.tiny : calp1In
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = Self.norm(sbet1, calp1 * cbet1)
        let calp2: Double
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let squared =
                (calp1 * cbet1) * (calp1 * cbet1)
                + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2))
            calp2 = squared.squareRoot() / cbet2
        } else {
            calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = Self.norm(sbet2, calp2 * cbet2)
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        c3(eps, &c3a)
        let b312 = Self.sinCosSeries(true, ssig2, csig2, c3a) - Self.sinCosSeries(true, ssig1, csig1, c3a)
        let domg12 = -f * a3(eps) * salp0 * (sig12 + b312)
        let lam12 = eta + domg12
        var dlam12 = Double.nan
        if derivative {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                dlam12 =
                    lengths(
                        eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1, ssig2: ssig2, csig2: csig2,
                        dn2: dn2, distance: false, reducedLength: true, c1a: &c1a, c2a: &c2a
                    ).m12b * (f1 / (calp2 * cbet2))
            }
        }
        return Lambda(
            lam12: lam12, sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps,
            dlam12: dlam12)
    }

    // MARK: - Series

    private func a3(_ eps: Double) -> Double { Self.polyval(Self.order - 1, a3x, 0, eps) }

    private func c3(_ eps: Double, _ c: inout [Double]) {
        var mult = 1.0
        var o = 0
        for l in 1..<Self.order {
            let m = Self.order - l - 1
            mult *= eps
            c[l] = mult * Self.polyval(m, c3x, o, eps)
            o += m + 1
        }
    }

    private static func a3Coefficients(_ n: Double) -> [Double] {
        let coeff: [Double] = [-3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1]
        var out: [Double] = []
        var o = 0
        for j in stride(from: order - 1, through: 0, by: -1) {
            let m = min(order - j - 1, j)
            out.append(polyval(m, coeff, o, n) / coeff[o + m + 1])
            o += m + 2
        }
        return out
    }

    private static func c3Coefficients(_ n: Double) -> [Double] {
        let coeff: [Double] = [
            3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4, 5, 256, 1, 3, 128, -3, -2, 3, 64, 1, -3, 2, 32, 7,
            512, -10, 9, 384, 5, -9, 5, 192, 7, 512, -14, 7, 512, 21, 2560,
        ]
        var out: [Double] = []
        var o = 0
        for l in 1..<order {
            for j in stride(from: order - 1, through: l, by: -1) {
                let m = min(order - j - 1, j)
                out.append(polyval(m, coeff, o, n) / coeff[o + m + 1])
                o += m + 2
            }
        }
        return out
    }

    private static func a1m1(_ eps: Double) -> Double {
        let coeff: [Double] = [1, 4, 64, 0, 256]
        let m = order / 2
        let t = polyval(m, coeff, 0, eps * eps) / coeff[m + 1]
        return (t + eps) / (1 - eps)
    }

    private static func c1(_ eps: Double, _ c: inout [Double]) {
        let coeff: [Double] = [-1, 6, -16, 32, -9, 64, -128, 2048, 9, -16, 768, 3, -5, 512, -7, 1280, -7, 2048]
        series(coeff, eps, &c)
    }

    private static func a2m1(_ eps: Double) -> Double {
        let coeff: [Double] = [-11, -28, -192, 0, 256]
        let m = order / 2
        let t = polyval(m, coeff, 0, eps * eps) / coeff[m + 1]
        return (t - eps) / (1 + eps)
    }

    private static func c2(_ eps: Double, _ c: inout [Double]) {
        let coeff: [Double] = [1, 2, 16, 32, 35, 64, 384, 2048, 15, 80, 768, 7, 35, 512, 63, 1280, 77, 2048]
        series(coeff, eps, &c)
    }

    /// C1 and C2: c[l] = eps^l · a polynomial in eps², l = 1…order.
    private static func series(_ coeff: [Double], _ eps: Double, _ c: inout [Double]) {
        let eps2 = eps * eps
        var d = eps
        var o = 0
        for l in 1...order {
            let m = (order - l) / 2
            c[l] = d * polyval(m, coeff, o, eps2) / coeff[o + m + 1]
            o += m + 2
            d *= eps
        }
    }

    /// Clenshaw summation of Σ c[i] sin(2ix), i = 1…n (sinp), or
    /// Σ c[i] cos((2i+1)x), i = 0…n−1.
    private static func sinCosSeries(_ sinp: Bool, _ sinx: Double, _ cosx: Double, _ c: [Double]) -> Double {
        var k = c.count
        var n = k - (sinp ? 1 : 0)
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0
        var y1 = 0.0
        if n & 1 == 1 {
            k -= 1
            y0 = c[k]
        }
        n /= 2
        while n > 0 {
            n -= 1
            k -= 1
            y1 = ar * y0 - y1 + c[k]
            k -= 1
            y0 = ar * y1 - y0 + c[k]
        }
        return sinp ? 2 * sinx * cosx * y0 : cosx * (y0 - y1)
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0.
    private static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    // MARK: - Angles

    private static func polyval(_ order: Int, _ p: [Double], _ start: Int, _ x: Double) -> Double {
        var n = order
        var s = start
        var y = n < 0 ? 0 : p[s]
        while n > 0 {
            n -= 1
            s += 1
            y = y * x + p[s]
        }
        return y
    }

    private static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// The sum and its rounding error (error-free transformation).
    private static func sum(_ u: Double, _ v: Double) -> (Double, Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        return (s, s == 0 ? s : 0 - (up + vpp))
    }

    /// Small angles rounded so that tiny values underflow to zero.
    private static func angleRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// y − x in degrees, reduced to [−180, 180] accurately, with its error.
    private static func angleDifference(_ x: Double, _ y: Double) -> (Double, Double) {
        var (d, t) = sum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        let e: Double
        (d, e) = sum(d.remainder(dividingBy: 360), t)
        t = e
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    private static func quadrant(_ s: Double, _ c: Double, _ q: Int, _ x: Double) -> (Double, Double) {
        var (s, c) = (s, c)
        switch (q % 4 + 4) % 4 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c += 0
        if s == 0 { s = Double(signOf: x, magnitudeOf: s) }
        return (s, c)
    }

    /// Sine and cosine of x degrees, exact at multiples of 90°.
    private static func sincosd(_ x: Double) -> (Double, Double) {
        var r = x.isFinite ? x.truncatingRemainder(dividingBy: 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r *= .pi / 180
        return quadrant(sin(r), cos(r), q, x)
    }

    /// Sine and cosine of x + t degrees, x in [−180, 180].
    private static func sincosde(_ x: Double, _ t: Double) -> (Double, Double) {
        let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
        let r = angleRound(x - 90 * Double(q) + t) * (.pi / 180)
        return quadrant(sin(r), cos(r), q, x)
    }
}
