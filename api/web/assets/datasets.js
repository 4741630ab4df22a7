/* global document, window, fetch, setTimeout, clearTimeout */
// The dataset page's chart: the points of the range in one request to the page's own JSON (the API would need a
// call per thousand points of a daily series), drawn by uPlot, redrawn for the range buttons and the window's width. The number of points drawn is
// written on the chart element (data-points) for people's tools and for the browser tests.
(function () {
  'use strict';
  var node = document.getElementById('chart');
  if (!node || typeof window.uPlot !== 'function') return;
  var caption = document.getElementById('chart-caption');
  var buttons = document.querySelectorAll('[data-range]');
  var plot = null;

  function startFor(range) {
    var last = node.getAttribute('data-last');
    var years = { '1Y': 1, '5Y': 5, '10Y': 10 }[range];
    if (!years || !last) return null;
    var d = new Date(last + 'T00:00:00Z');
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return d.toISOString().slice(0, 10);
  }

  // Every point from `start` (or the first) to the last.
  function fetchRange(start) {
    var url = node.getAttribute('data-source') + (start ? '?observation_start=' + start : '');
    return fetch(url, { headers: { accept: 'application/json' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status);
        return res.json();
      })
      .then(function (body) {
        return body.points;
      });
  }

  function draw(points) {
    var xs = points.map(function (p) { return Date.parse(p.date + 'T00:00:00Z') / 1000; });
    var ys = points.map(function (p) { return p.value; });
    var width = Math.max(280, node.clientWidth);
    var options = {
      width: width,
      height: Math.round(Math.min(420, Math.max(220, width * 0.45))),
      scales: { x: { time: true } },
      axes: [{ stroke: '#4b5567' }, { stroke: '#4b5567', size: 60 }],
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
      series: [{}, { label: node.getAttribute('data-unit') || 'value', stroke: '#3d4ad1', width: 2, points: { show: points.length < 60 } }],
    };
    if (plot) plot.destroy();
    node.textContent = '';
    plot = new window.uPlot(options, [xs, ys], node);
    node.setAttribute('data-points', String(points.length));
    if (caption) caption.textContent = points.length + ' observations, ' + (points[0] ? points[0].date : '') + ' to ' + (points.length ? points[points.length - 1].date : '') + '. Drag across the chart to zoom; double-click to zoom out.';
  }

  var current = [];
  function show(range) {
    buttons.forEach(function (b) { b.setAttribute('aria-pressed', String(b.getAttribute('data-range') === range)); });
    node.setAttribute('aria-busy', 'true');
    var start = startFor(range);
    node.setAttribute('data-start', start || '');
    return fetchRange(start)
      .then(function (points) {
        current = points;
        draw(points);
      })
      .catch(function () {
        node.textContent = 'The chart could not be loaded. The latest points are in the table below.';
      })
      .then(function () { node.removeAttribute('aria-busy'); });
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () { show(button.getAttribute('data-range')); });
  });
  var resizeTimer = null;
  window.addEventListener('resize', function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () { if (current.length) draw(current); }, 150);
  });
  show('Max');
})();
