import CaptureEngine
import Foundation

/// The RGB camera of a scene (its `camera` block, docs/scene-format.md): the image size and frame rate of
/// `video.mp4` and `rgb/*.jpg`, the lights, the surfaces' textures and occlusion, and the phone camera:
/// auto exposure and white balance, exposure time and gain, sensor noise, vignetting and motion blur.
///
/// The image is ARKit's 4:3 wide camera scaled to `width` x `height` (the LiDAR depth intrinsics are the
/// same camera scaled to 256x192). Light values are in arbitrary linear units: auto exposure maps the
/// frame's mean luminance to mid grey, so only their ratios matter. The defaults are this project's
/// choices for a daylit flat with ceiling lights on (guesses, documented as such).
public struct CameraSettings: Sendable, Equatable {
    /// Image width, pixels (default 640; 4:3 with `height`; at most 1920).
    public var width: Int
    /// Image height, pixels (default 480; at most 1440).
    public var height: Int
    /// Frames per second of the video and the JPEGs (default 30). Must divide the scene's frame rate
    /// (`depth.frameRateHz`): every n-th camera frame, n = scene rate / this, gets an image.
    public var frameRateHz: Double
    /// libjpeg quality of `rgb/*.jpg`, 1...100 (default 90).
    public var jpegQuality: Int
    /// x264's constant rate factor of `video.mp4`, 0 (lossless) ... 51 (default 23, x264's default).
    public var videoCRF: Int
    /// Ambient light, linear units (default 0.25).
    public var ambient: Float
    /// Each room's ceiling light (a point at the ceiling's centre), linear units at 1 m (default 1.2;
    /// 0 turns them off). It lights only its own room's surfaces; objects cast its
    /// shadows on the room's floors, walls and ceilings (``ColorRenderer/objectShadow(at:normal:room:shading:)``).
    public var ceilingLight: Float
    /// Sunlight through windows, linear units (default 4; 0 turns it off). A surface point is sunlit when
    /// the ray towards the sun leaves its room through a window.
    public var sun: Float
    /// The sun's direction: compass azimuth from -Z (the scene's north) towards +X, degrees (default 135).
    public var sunAzimuthDegrees: Double
    /// The sun's elevation above the horizon, degrees (default 35).
    public var sunElevationDegrees: Double
    /// Brightness of the sky seen through windows and openings to the outside, linear (default 1.8).
    public var sky: Float
    /// How far below the lowest room's floor the ground outside lies, metres (default 8: a flat two or
    /// three storeys up; a guess). The windows show it with depth: it moves against the skyline as the
    /// camera walks.
    public var groundBelowFloor: Double
    /// Auto exposure: the frame's mean log luminance is brought to this (default 0.18, mid grey).
    public var exposureKey: Float
    /// Auto exposure and white balance: time constant of their adaptation, seconds (default 0.25: after
    /// turning from a window to a dark corner the remaining log error falls to 1/e in a quarter second,
    /// to 5 % in three quarters). 0: at once.
    public var exposureTimeConstantSeconds: Double
    /// Auto white balance: 0 (none) ... 1 (full grey world) (default 0.5: a warm room stays warm).
    public var whiteBalanceStrength: Float
    /// The exposure scale of 1 s at gain 1 (``CameraSensor``; default 25): with the default lights an
    /// indoor frame gets the longest exposure time at a gain of about 3-6, a frame of a sunlit window a
    /// lower gain or a shorter time.
    public var sensitivity: Double
    /// Shortest exposure time, seconds (default 1/8000).
    public var minExposureSeconds: Double
    /// Longest exposure time, seconds (default 1/120: a tracking camera keeps motion blur short and
    /// raises the gain instead; a guess).
    public var maxExposureSeconds: Double
    /// Highest analogue gain (default 16); a scene darker than that allows is under-exposed.
    public var maxGain: Double
    /// Sensor noise: the full-well capacity, electrons at signal 1 and gain 1 (default 6000, a phone
    /// sensor's small pixel).
    public var fullWellElectrons: Double
    /// Sensor noise: read noise, electrons before the gain (default 2.5).
    public var readNoiseElectrons: Double
    /// Sensor noise: the image processor's noise reduction divides the noise's standard deviation by
    /// this (default 6; 1: none).
    public var noiseReduction: Double
    /// Sensor noise: a factor on the model's standard deviation (default 1; 0 turns noise off).
    public var noiseLevel: Float
    /// Vignetting: the fraction of light lost in the image's corners, falling off as the square of the
    /// distance from the centre (default 0.3).
    public var vignetting: Float
    /// The image processor's S-shaped tone curve on the sRGB value y: y + contrast (smoothstep(y) - y)
    /// (default 0.7: mid-tones 35 % steeper; 0: plain sRGB).
    public var contrast: Float
    /// Sharpening by the image processor before encoding: an unsharp mask's strength (default 1; 0: none).
    public var sharpening: Float
    /// Motion blur: each image is blurred along the path its pixels travel during the exposure time
    /// (from the pose change and each pixel's depth) (default true).
    public var motionBlur: Bool
    /// Surface textures and wall decorations (``SurfaceTexture``) (default true; false: flat
    /// materials, for tests of the lighting alone).
    public var textures: Bool
    /// Ambient occlusion's strength (``AmbientOcclusion``), 0 (off) ... 1 (default 1).
    public var ambientOcclusion: Float
    /// The lens's distortion (OpenCV's Brown-Conrady k1, k2, p1, p2, k3: ``LensDistortion``), applied to
    /// the images and written to `raw/rgb_intrinsics.json` and `arkitData.json`'s `video` (default nil:
    /// a pinhole camera, as ARKit's frames are described).
    public var distortion: LensDistortion?
    /// Rolling shutter: the time the sensor takes to read its rows out, top to bottom, seconds (default 0:
    /// a global shutter). Row y is exposed `(y / (height - 1) - 0.5) x readout` after the frame's time, so
    /// the middle row is at the frame's pose; a turning camera's vertical edges lean.
    public var rollingShutterReadoutSeconds: Double

    public init(width: Int = 640, height: Int = 480, frameRateHz: Double = 30, jpegQuality: Int = 90, videoCRF: Int = 23,
                ambient: Float = 0.25, ceilingLight: Float = 1.2, sun: Float = 4, sunAzimuthDegrees: Double = 135,
                sunElevationDegrees: Double = 35, sky: Float = 1.8, groundBelowFloor: Double = 8, exposureKey: Float = 0.18,
                exposureTimeConstantSeconds: Double = 0.25, whiteBalanceStrength: Float = 0.5, sensitivity: Double = 25,
                minExposureSeconds: Double = 1.0 / 8000, maxExposureSeconds: Double = 1.0 / 120, maxGain: Double = 16,
                fullWellElectrons: Double = 6000, readNoiseElectrons: Double = 2.5, noiseReduction: Double = 6, noiseLevel: Float = 1,
                vignetting: Float = 0.3, contrast: Float = 0.7, sharpening: Float = 1, motionBlur: Bool = true, textures: Bool = true, ambientOcclusion: Float = 1,
                distortion: LensDistortion? = nil, rollingShutterReadoutSeconds: Double = 0) {
        self.width = width
        self.height = height
        self.frameRateHz = frameRateHz
        self.jpegQuality = jpegQuality
        self.videoCRF = videoCRF
        self.ambient = ambient
        self.ceilingLight = ceilingLight
        self.sun = sun
        self.sunAzimuthDegrees = sunAzimuthDegrees
        self.sunElevationDegrees = sunElevationDegrees
        self.sky = sky
        self.groundBelowFloor = groundBelowFloor
        self.exposureKey = exposureKey
        self.exposureTimeConstantSeconds = exposureTimeConstantSeconds
        self.whiteBalanceStrength = whiteBalanceStrength
        self.sensitivity = sensitivity
        self.minExposureSeconds = minExposureSeconds
        self.maxExposureSeconds = maxExposureSeconds
        self.maxGain = maxGain
        self.fullWellElectrons = fullWellElectrons
        self.readNoiseElectrons = readNoiseElectrons
        self.noiseReduction = noiseReduction
        self.noiseLevel = noiseLevel
        self.vignetting = vignetting
        self.sharpening = sharpening
        self.contrast = contrast
        self.motionBlur = motionBlur
        self.textures = textures
        self.ambientOcclusion = ambientOcclusion
        self.distortion = distortion
        self.rollingShutterReadoutSeconds = rollingShutterReadoutSeconds
    }

    /// The largest image: ARKit's full wide-camera frame.
    public static let maximumSize = (width: 1920, height: 1440)
    /// The highest frame rate.
    public static let maximumFrameRateHz = 60.0

    /// Unit vector towards the sun (world, Y up).
    public var sunDirection: SIMD3<Double> {
        let a = sunAzimuthDegrees * .pi / 180, e = sunElevationDegrees * .pi / 180
        return SIMD3(sin(a) * cos(e), sin(e), -cos(a) * cos(e))
    }

    /// Why a size and frame rate cannot be used with a scene frame rate, or nil.
    public static func problem(width: Int, height: Int, frameRateHz: Double, sceneFrameRateHz: Double) -> String? {
        guard width >= 16, height >= 12, width <= maximumSize.width, height <= maximumSize.height,
              width * 3 == height * 4, width % 4 == 0 else {
            return "expected a 4:3 size from 16x12 to \(maximumSize.width)x\(maximumSize.height) with a width divisible by 4, found \(width)x\(height)"
        }
        guard frameRateHz > 0, frameRateHz <= maximumFrameRateHz else {
            return "expected a frame rate above 0 and at most 60 fps, found \(frameRateHz)"
        }
        let ratio = sceneFrameRateHz / frameRateHz
        guard ratio >= 1 - 1e-9, abs(ratio - ratio.rounded()) < 1e-9 else {
            return "expected a frame rate that divides the scene's \(sceneFrameRateHz) Hz, found \(frameRateHz)"
        }
        return nil
    }
}
