# capture-sim: the two commands are `make run` and `make test`. Both install what is missing first.
SHELL := /bin/bash
APT_PACKAGES := pkg-config libpng-dev libzip-dev libsimde-dev libavcodec-dev libavformat-dev libavutil-dev libturbojpeg0-dev ffmpeg pngcheck unzip strace
PYTHON := python3
SWIFT := swift
RELEASE_BIN := .build/release/capture-sim
# On x86-64 CPUs with AVX2 the release build targets Haswell-class processors, so the renderer's
# SIMD8 code runs as 8-wide AVX2 (about 1.5x faster). The arithmetic stays the same IEEE operations in
# the same order (Swift contracts no multiply-adds), so outputs are byte-identical to a baseline build.
RELEASE_FLAGS := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo "-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell")
# `make test` builds once: the tool and every test target in release with testing enabled, in a folder of
# its own (.build-test) so that it never invalidates `make build`'s. The regression check, the browser
# test and the end-to-end tests run that build's tool; the tests run optimised, as the tool ships.
TEST_FLAGS := -c release --scratch-path .build-test -Xswiftc -enable-testing $(RELEASE_FLAGS)
TEST_BIN := .build-test/release/capture-sim
STAGE := Tests/timed-stage

.PHONY: setup test-setup build run test dist test-browser browser-setup bench realism fuzz clean camera-check vision test-long

## setup: install the Debian -dev packages and the Python readers the tests use (only what is missing)
setup:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@$(PYTHON) -c "import numpy, PIL" 2>/dev/null || $(PYTHON) -m pip install -q numpy Pillow

## test-setup: the Python readers the tests use beyond numpy and Pillow (test set-up only): evo, pycolmap and
## mcap for the exports, the Kubernetes client for the Job manifest, OpenCV (headless) for the lens
## distortion's check, from pip
test-setup: setup
	@$(PYTHON) -c "import evo, pycolmap, mcap, mcap_ros2, kubernetes" 2>/dev/null || $(PYTHON) -m pip install -q evo pycolmap mcap mcap-ros2-support kubernetes
	@$(PYTHON) -c "import cv2" 2>/dev/null || $(PYTHON) -m pip install -q opencv-python-headless

## build: release build of the tool
build: setup
	$(SWIFT) build -c release --product capture-sim $(RELEASE_FLAGS)

## run: the main job: run the default apartment scene, write both bundle layouts and the report into out/
## (replacing what a previous `make run` wrote there)
run: build
	$(RELEASE_BIN) run Scenes/apartment.json --out out --format both --force --no-progress
	$(RELEASE_BIN) report out/apartment --scene Scenes/apartment.json --out out/apartment-report.html --force
	@echo "bundles: out/apartment (CubiCapture layout: files and <uid>.zip), out/apartment-raw (raw RGBD package)"
	@echo "report:  out/apartment-report.html (one self-contained file: open it in any web browser, e.g. xdg-open out/apartment-report.html)"

## test: Package.swift's dependencies against the imports and every doc heading the code names (Tests/Package),
## one release build of the tool
## and the tests; the regression check of Scenes/, the walk over every threshold (each numeric threshold
## x1.1 and x0.9 must fail some scene), every test, then the browser test of the reports
## (each stage prints its time: Tests/timed-stage)
test: setup test-setup
	$(STAGE) package $(PYTHON) Tests/Package/test_check_dependencies.py
	$(STAGE) doc-references $(PYTHON) Tests/Package/doc_references.py
	$(STAGE) build $(SWIFT) build --build-tests $(TEST_FLAGS)
	$(STAGE) check $(TEST_BIN) check Scenes --shift-each
	$(STAGE) swift-test $(SWIFT) test --skip-build $(TEST_FLAGS)
	$(STAGE) browser $(MAKE) test-browser

## test-long: the checks too long for every change (CI may run them on a schedule): the `lidar fit` round
## trip at full size (Tests/Readers/lidar_fit_roundtrip.py) and the README's long examples (marked "long:"),
## on the same build as `make test`
test-long: setup test-setup
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	$(PYTHON) Tests/Readers/lidar_fit_roundtrip.py $(TEST_BIN)
	$(PYTHON) Tests/Readers/readme_examples.py --long $(TEST_BIN) README.md .

## browser-setup: Debian's chromium for the browser test of the reports (test set-up only; make run needs no browser)
browser-setup:
	Tests/Browser/install-chromium.sh

## test-browser: every kind of report loaded in headless chromium: no console error, plan and timeline drawn
test-browser: setup browser-setup
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	$(PYTHON) Tests/Browser/check_reports.py $(TEST_BIN)

## camera-check: the camera images measured as a vision pipeline measures them (issue 29's table against
## the real phone photo in ../shared/realism, a feature-based visual odometry against the true poses over
## every pair of the recording, about 3 minutes) and the hand's motion, on the apartment's raw package and
## bundle; exits non-zero when a target is missed; installs OpenCV from pip when missing
camera-check: build
	@$(PYTHON) -c "import cv2" 2>/dev/null || $(PYTHON) -m pip install -q opencv-python-headless
	$(RELEASE_BIN) run Scenes/apartment.json --out out --format both --force --no-progress
	$(PYTHON) Tests/Readers/camera_check.py out/apartment-raw --pairs all --check
	$(PYTHON) Tests/Readers/hand_motion.py out/apartment --check

## vision: what a vision pipeline makes of the default apartment's camera images (issue 47): COLMAP
## (pycolmap, one thread) on every 25th image judged against the true poses (ATE after Sim(3), images in one
## model, verified pairs that contradict the true geometry) and the walk's motion. First the same COLMAP on
## the true mesh's points instead of SIFT (`--features mesh`: what the walk's geometry allows any images),
## then on the images; prints both, then fails when the images miss a target (Tests/Readers/vision_check.py;
## about three minutes after the run)
VISION_OUT := .build/vision
vision: build
	@$(PYTHON) -c "import pycolmap" 2>/dev/null || $(PYTHON) -m pip install -q pycolmap
	$(RELEASE_BIN) run Scenes/apartment.json --format raw-rgbd --truth depth --out $(VISION_OUT) --force --no-progress
	$(PYTHON) Tests/Readers/vision_check.py $(VISION_OUT)/apartment-raw --features mesh --json $(VISION_OUT)/vision-mesh.json
	$(PYTHON) Tests/Readers/vision_check.py $(VISION_OUT)/apartment-raw --json $(VISION_OUT)/vision.json --check

## dist: a shippable build in dist/: the tool built in release for any x86-64 (or arm64) CPU with the Swift
## runtime linked in statically, the Debian runtime packages it needs (checked against ldd), their licence
## texts and a Dockerfile, packed as dist/capture-sim-<version>-linux-<arch>.tar.gz (Packaging/)
dist: setup
	$(SWIFT) build -c release --product capture-sim --static-swift-stdlib --scratch-path .build-dist
	Packaging/make-dist.sh .build-dist/release/capture-sim dist

## bench: the benchmarks (release build)
bench: build
	$(RELEASE_BIN) bench engine
	$(RELEASE_BIN) bench render
	$(RELEASE_BIN) bench replay
	$(RELEASE_BIN) bench bundle
	$(RELEASE_BIN) bench check
	$(RELEASE_BIN) bench report

## realism: what a reconstruction pipeline sees in the default apartment's raw package (Open3D TSDF fusion,
## planes, held-out frames against the mesh, ICP; Tests/Readers/pipeline_check.py, docs/lidar.md), and the
## 16 reference statistics of `lidar stats`; prints both, then fails if either is outside its real range;
## then prints ICP between consecutive frames on confidence 2 against confidence >= 1 (issue 47; not a gate yet);
## installs Open3D from pip (slow: a few minutes)
REALISM_OUT := .build/realism
realism: build
	@$(PYTHON) -c "import open3d, scipy" 2>/dev/null || $(PYTHON) -m pip install -q open3d-cpu scipy
	$(RELEASE_BIN) run Scenes/apartment.json --format raw-rgbd --no-images --out $(REALISM_OUT) --force --no-progress
	@# Both tables whatever the first says; fails after them when either is outside its real range.
	@status=0; \
	$(PYTHON) Tests/Readers/reference_statistics.py $(RELEASE_BIN) $(REALISM_OUT)/apartment-raw --check || status=1; \
	$(PYTHON) Tests/Readers/pipeline_check.py $(REALISM_OUT)/apartment-raw --json $(REALISM_OUT)/pipeline.json --check || status=1; \
	$(PYTHON) Tests/Readers/confidence_icp.py $(REALISM_OUT)/apartment-raw --json $(REALISM_OUT)/confidence-icp.json || status=1; \
	exit $$status

## fuzz: build the libFuzzer targets (Fuzz/, their own build in .build-fuzz) and run each for
## FUZZ_SECONDS (FUZZ_TARGETS: some of them; docs/fuzzing.md)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
fuzz: build
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/fuzz.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-test .build-fuzz .build-dist dist
