/// The page's inline stylesheet and script: no network, no external file.
enum ReportStyle {
    static let css = """
        :root { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; background: #f4f3ef; }
        body { margin: 0 auto; max-width: 1180px; padding: 18px 22px 40px; }
        h1 { font-size: 22px; margin: 4px 0 2px; } h2 { font-size: 16px; margin: 26px 0 8px; border-bottom: 1px solid #ccc; padding-bottom: 3px; }
        .subtitle { color: #666; margin: 0 0 10px; font-size: 13px; }
        section { background: #fff; border: 1px solid #dcdad3; border-radius: 6px; padding: 10px 14px; margin: 12px 0; }
        svg.plan { width: 100%; height: 520px; display: block; background: #fbfbf8; }
        svg.timeline { width: 100%; height: auto; display: block; }
        .legend { font-size: 12px; color: #555; display: flex; gap: 16px; flex-wrap: wrap; align-items: center; margin-top: 6px; }
        .legend i { display: inline-block; width: 11px; height: 11px; border-radius: 50%; vertical-align: -1px; margin-right: 4px; }
        .ramp { display: inline-block; width: 140px; height: 10px; vertical-align: -1px; margin: 0 4px;
                background: linear-gradient(90deg, #440154, #3b528b, #21918c, #5ec962, #fde725); }
        #tooltip { position: fixed; pointer-events: none; background: rgba(20,20,20,.9); color: #fff; font-size: 12px;
                   padding: 6px 8px; border-radius: 4px; white-space: pre; display: none; z-index: 10; }
        table { border-collapse: collapse; font-size: 12px; width: 100%; }
        th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eee; vertical-align: top; }
        th { background: #f0efea; position: sticky; top: 0; }
        tr.warning td { background: #fff8ea; } tr.error td { background: #fdecec; }
        tr.highlight td { outline: 2px solid #e0115f; }
        .code { font-weight: 700; padding: 0 5px; border-radius: 3px; color: #fff; }
        .code.info { background: #3b82c4; } .code.warning { background: #e69500; } .code.error { background: #d12d2d; }
        .events-wrap { max-height: 420px; overflow: auto; }
        .strip { display: flex; flex-wrap: wrap; gap: 10px; }
        .thumb { margin: 0; font-size: 11px; color: #555; text-align: center; }
        .thumb img { display: block; image-rendering: pixelated; border: 1px solid #ccc; margin-bottom: 2px; }
        .thumb.event figcaption { color: #b36b00; }
        .note { color: #777; font-size: 13px; }
        .valid { color: #1b7f2a; font-weight: 700; } .invalid { color: #d12d2d; font-weight: 700; }
        .problems { color: #d12d2d; font-family: monospace; white-space: pre-wrap; font-size: 12px; }
        pre { font-size: 12px; background: #f7f7f4; padding: 8px; overflow: auto; }
        .heat td.cell { text-align: center; min-width: 46px; font-variant-numeric: tabular-nums; }
        a { color: #1f5fa8; }
        """

    /// Hover on the timeline (or a link to a time, `#t=SECONDS`): the cursor line, the pose and each lane's
    /// value at that time in a tooltip, the position on the plan. Sets `data-ready` on the body once set
    /// up (and `data-errors` on an error), and the plan's and timeline's boxes on the page.
    static let script = """
        (function () {
          window.addEventListener('error', function (e) { document.body.setAttribute('data-errors', String(e.message)); });
          var tip = document.getElementById('tooltip');
          var node = document.getElementById('samples');
          var tl = document.getElementById('timeline');
          if (node && tl) {
            var d = JSON.parse(node.textContent);
            var t0 = +tl.dataset.t0, t1 = +tl.dataset.t1, left = +tl.dataset.left, plot = +tl.dataset.plot;
            var cursor = document.getElementById('timeline-cursor');
            var planCursor = document.getElementById('plan-cursor');
            var hover = document.getElementById('timeline-hover');
            function nearest(t) {
              var lo = 0, hi = d.t.length - 1;
              if (hi < 0) return -1;
              while (lo < hi) { var mid = (lo + hi) >> 1; if (d.t[mid] < t) lo = mid + 1; else hi = mid; }
              if (lo > 0 && Math.abs(d.t[lo - 1] - t) <= Math.abs(d.t[lo] - t)) lo -= 1;
              return lo;
            }
            function fmt(v, n) { return v === null ? 'not measured' : v.toFixed(n); }
            function showAt(t, left, top) {
              var x = left + (t - t0) / (t1 - t0) * plot;
              cursor.setAttribute('x1', x); cursor.setAttribute('x2', x); cursor.setAttribute('visibility', 'visible');
              var i = nearest(t);
              var text = 't ' + t.toFixed(3) + ' s';
              if (i >= 0) {
                text += '\\nframe at ' + d.t[i].toFixed(3) + ' s (' + d.phase[i] + ')';
                text += '\\nposition x ' + d.x[i].toFixed(2) + '  y ' + d.y[i].toFixed(2) + '  z ' + d.z[i].toFixed(2) + ' m';
                text += '\\nheading ' + d.h[i].toFixed(0) + ' deg';
                for (var k = 0; k < d.lanes.length; k++) text += '\\n' + d.names[k] + ': ' + fmt(d.lanes[k][i], 2) + ' ' + d.units[k];
                planCursor.setAttribute('cx', d.x[i]); planCursor.setAttribute('cy', d.z[i]);
                planCursor.setAttribute('visibility', 'visible');
              }
              tip.textContent = text; tip.style.display = 'block';
              tip.style.left = Math.max(0, Math.min(left + 14, window.innerWidth - 260)) + 'px'; tip.style.top = (top + 14) + 'px';
            }
            hover.addEventListener('mousemove', function (ev) {
              var m = tl.getScreenCTM(); if (!m) return;
              var p = tl.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
              var q = p.matrixTransform(m.inverse());
              showAt(t0 + (q.x - left) / plot * (t1 - t0), ev.clientX, ev.clientY);
            });
            // A link to a time: page.html#t=12.5 shows the cursor, pose and values at 12.5 s.
            var linked = /^#t=(-?[0-9.]+)$/.exec(location.hash);
            if (linked) {
              var r = tl.getBoundingClientRect();
              showAt(+linked[1], r.left + r.width / 2, r.top + 40);
            }
            hover.addEventListener('mouseleave', function () {
              tip.style.display = 'none'; cursor.setAttribute('visibility', 'hidden'); planCursor.setAttribute('visibility', 'hidden');
            });
          }
          var rows = document.querySelectorAll('table.events tr[data-event]');
          function mark(k, on) {
            document.querySelectorAll('[data-event="' + k + '"]').forEach(function (el) {
              if (el.tagName === 'TR') el.classList.toggle('highlight', on);
              else el.setAttribute('stroke-width', on ? '4' : '1');
              if (el.tagName !== 'TR') el.setAttribute('stroke', on ? '#e0115f' : '#fff');
            });
          }
          document.querySelectorAll('.event-marker, .event-tick, table.events tr[data-event]').forEach(function (el) {
            el.addEventListener('mouseenter', function () { mark(el.getAttribute('data-event'), true); });
            el.addEventListener('mouseleave', function () { mark(el.getAttribute('data-event'), false); });
          });
          function box(id) {
            var el = document.getElementById(id); if (!el) return '';
            var r = el.getBoundingClientRect();
            return [r.left, r.top + window.scrollY, r.right, r.bottom + window.scrollY].map(Math.round).join(',');
          }
          // Where the plan and the timeline are on the page (CSS pixels), for screenshots of them.
          document.body.setAttribute('data-plan-box', box('plan'));
          document.body.setAttribute('data-timeline-box', box('timeline'));
          document.body.setAttribute('data-ready', String(rows.length >= 0));
        })();
        """
}
