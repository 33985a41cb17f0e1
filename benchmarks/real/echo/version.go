// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: © 2015 LabStack LLC and Echo contributors

package echo

const (
	// Version of Echo
	Version = "5.3.1"
)
